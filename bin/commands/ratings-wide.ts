/**
 * Wide ratings for `clinaudit agreement`: one row per item, one column per rater — REDCap exports
 * (record_id, then a field per rater; redcap_* and <form>_complete columns are not raters), irrCAC's
 * raw layout (raters only, or R's write.csv with its row-name column ""), and our own package's
 * `ratings-wide-<dimension>.csv` (item, then R1…Rn). An empty cell or R's NA is "not rated".
 */
import { headerKey, isRepeatedHeader, secondHeaderMessage, trimTrailingEmpty } from "../../lib/formats/table-header";
import { type CsvTable, CsvLineError, type RatingRow } from "./csv-ratings";

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

export function wideRows(table: CsvTable, file: string): { rows: RatingRow[]; notes: string[] } {
  const [header, ...records] = table.records;
  if (!header) throw new CsvLineError(1, null, "empty file: expected a header with one column per rater");
  const { names, dropped } = trimTrailingEmpty(header.fields);
  const notes = [...table.notes];
  if (dropped > 0) notes.push(`${dropped} empty column(s) at the end of the header ignored`);
  const itemColumn = ITEM_COLUMNS.has(headerKey(names[0] ?? "")) ? 0 : -1;
  const ignored = names.filter((n, k) => k !== itemColumn && isRedcapStatus(n));
  if (ignored.length > 0) notes.push(`REDCap columns ignored (not raters): ${ignored.join(", ")}`);
  const raters = names.map((n, k) => (k === itemColumn || isRedcapStatus(n) ? -1 : k)).filter((k) => k >= 0);
  if (raters.length === 0) throw new CsvLineError(header.line, null, "no rater columns in the header");
  for (const k of raters) {
    const name = names[k] as string;
    if (name === "") throw new CsvLineError(header.line, null, `column ${k + 1} has no name: each rater column needs the rater's name`);
    if (names.indexOf(name) !== k) throw new CsvLineError(header.line, name, "column appears twice in the header");
  }
  const dimension = wideDimension(file);
  notes.push(
    `wide layout: items ${itemColumn < 0 ? "numbered by row (no item column)" : `in column ${JSON.stringify(names[itemColumn])}`}, ` +
      `raters ${raters.map((k) => names[k]).join(", ")}${dimension === null ? "" : `, dimension "${dimension}" (from the file name)`}`,
  );
  const rows: RatingRow[] = [];
  const itemLine = new Map<string, number>();
  let position = 0;
  for (const rec of records) {
    if (isRepeatedHeader(rec.fields, names)) throw new CsvLineError(rec.line, null, secondHeaderMessage(rec.line, header.line));
    position++;
    const extra = rec.fields.slice(names.length);
    if (rec.fields.length > header.fields.length || extra.some((f) => f.trim() !== ""))
      throw new CsvLineError(rec.line, null, `the line has ${rec.fields.length} fields, the header ${names.length}`);
    const item = itemColumn < 0 ? String(position) : (rec.fields[itemColumn] ?? "").trim();
    if (item === "") throw new CsvLineError(rec.line, names[itemColumn] ?? "item", "empty");
    const first = itemLine.get(item);
    if (first !== undefined) throw new CsvLineError(rec.line, names[itemColumn] ?? "item", `item "${item}" is already on line ${first}`);
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
