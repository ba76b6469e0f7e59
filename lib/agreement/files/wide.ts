/**
 * Wide ratings (the agreement CLI and the web's agreement tool): one row per item, one column per rater — REDCap exports
 * (record_id, then a field per rater; redcap_* and <form>_complete columns are not raters), irrCAC's
 * raw layout (raters only, or R's write.csv with its row-name column ""), and our own package's
 * `ratings-wide-<dimension>.csv` (item, then R1…Rn). An empty cell or R's NA is "not rated".
 */
import { headerKey, isRepeatedHeader, trimTrailingEmpty } from "../../formats/table-header";
import type { CsvTable } from "./csv";
import type { RatingRow } from "./long";
import { dimensionValues, RatingsFileError, type RatingsMessage } from "./messages";

/** Names a first column has when it holds the item ids rather than a rater's ratings. */
const ITEM_COLUMNS = new Set([
  "",
  "item",
  "item_id",
  "items",
  "record_id",
  "record",
  "id",
  "subject",
  "subject_id",
  "subjects",
  "unit",
  "units",
]);

const isRedcapStatus = (name: string) => headerKey(name).startsWith("redcap_") || headerKey(name).endsWith("_complete");
const isMissing = (cell: string) => cell === "" || cell === "NA";

/** The dimension of our own export, from its file name: ratings-wide-gold.csv → gold. */
export function wideDimension(file: string): string | null {
  return /(?:^|[\\/])ratings-wide-(.+)\.csv$/i.exec(file)?.[1] ?? null;
}

export function wideRows(table: CsvTable, file: string): { rows: RatingRow[]; notes: RatingsMessage[] } {
  const [header, ...records] = table.records;
  if (!header) throw new RatingsFileError(1, null, "emptyWide");
  const { names, dropped } = trimTrailingEmpty(header.fields);
  const notes = [...table.notes];
  if (dropped > 0) notes.push({ code: "emptyColumns", values: { count: dropped } });
  const itemColumn = ITEM_COLUMNS.has(headerKey(names[0] ?? "")) ? 0 : -1;
  const ignored = names.filter((n, k) => k !== itemColumn && isRedcapStatus(n));
  if (ignored.length > 0) notes.push({ code: "redcapIgnored", values: { columns: ignored.join(", ") } });
  const raters = names.map((n, k) => (k === itemColumn || isRedcapStatus(n) ? -1 : k)).filter((k) => k >= 0);
  if (raters.length === 0) throw new RatingsFileError(header.line, null, "noRaterColumns");
  for (const k of raters) {
    const name = names[k] as string;
    if (name === "") throw new RatingsFileError(header.line, null, "unnamedColumn", { column: k + 1 });
    if (names.indexOf(name) !== k) throw new RatingsFileError(header.line, name, "columnTwice");
  }
  const dimension = wideDimension(file);
  const items = itemColumn < 0 ? { items: "row", itemColumn: "" } : { items: "column", itemColumn: names[itemColumn] ?? "" };
  notes.push({ code: "wideLayout", values: { ...items, raters: raters.map((k) => names[k]).join(", "), ...dimensionValues(dimension) } });
  const rows: RatingRow[] = [];
  const itemLine = new Map<string, number>();
  let position = 0;
  for (const rec of records) {
    if (isRepeatedHeader(rec.fields, names))
      throw new RatingsFileError(rec.line, null, "secondHeader", { line: rec.line, first: header.line });
    position++;
    const extra = rec.fields.slice(names.length);
    if (rec.fields.length > header.fields.length || extra.some((f) => f.trim() !== ""))
      throw new RatingsFileError(rec.line, null, "fieldCount", { fields: rec.fields.length, header: names.length });
    const item = itemColumn < 0 ? String(position) : (rec.fields[itemColumn] ?? "").trim();
    if (item === "") throw new RatingsFileError(rec.line, names[itemColumn] ?? "item", "empty");
    const first = itemLine.get(item);
    if (first !== undefined) throw new RatingsFileError(rec.line, names[itemColumn] ?? "item", "itemRepeated", { item, line: first });
    itemLine.set(item, rec.line);
    for (const k of raters) {
      const cell = (rec.fields[k] ?? "").trim();
      if (isMissing(cell)) continue;
      const rater = names[k] as string;
      rows.push({ line: rec.line, dimension, item, rater, category: cell, field: rater });
    }
  }
  return { rows, notes };
}
