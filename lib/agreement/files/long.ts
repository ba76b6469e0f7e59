/**
 * Long-format ratings CSV: header with the columns item, rater, category and optionally dimension
 * (any order, other columns ignored). Values are trimmed: a stray space must not turn "correct"
 * into a second category. Header names are matched loosely, Excel's trailing empty columns ignored.
 */
import { didYouMean, isRepeatedHeader, matchHeader, trimTrailingEmpty } from "../../formats/table-header";
import { type CsvTable, readTable } from "./csv";
import { dimensionValues, RatingsFileError, type RatingsMessage } from "./messages";

export interface RatingRow {
  /** Line of the record, or the JSON path of the result (Label Studio). */
  line: number | string;
  dimension: string | null;
  item: string;
  rater: string;
  category: string;
  /** The column (or JSON key) the category was read from, for located messages; default "category". */
  field?: string;
}

const REQUIRED = ["item", "rater", "category"] as const;
const COLUMNS = [...REQUIRED, "dimension"];

/**
 * True when a header is a long layout's: it names rater or category, or has near misses of both
 * (`ratr`, `categroy`: reported as typos). REDCap's `rater_1, rater_2` miss only one: wide.
 */
export function isLongHeader(fields: readonly string[]): boolean {
  const { names } = trimTrailingEmpty(fields);
  if (matchHeader(names, ["rater", "category"]).index.size > 0) return true;
  return ["rater", "category"].every((c) => names.some((n) => didYouMean(n, [c]) !== null));
}

/**
 * Rating rows of a long ratings CSV. With `categories`, a category outside that list is an error; a
 * second rating of the same (dimension, item, rater) is always one.
 */
export function parseRatingsCsv(
  text: string,
  categories?: readonly string[],
): { hasDimension: boolean; rows: RatingRow[]; notes: RatingsMessage[] } {
  return longRows(readTable(text), categories);
}

export function longRows(
  table: CsvTable,
  categories?: readonly string[],
): { hasDimension: boolean; rows: RatingRow[]; notes: RatingsMessage[] } {
  const [header, ...records] = table.records;
  if (!header) throw new RatingsFileError(1, null, "emptyLong");
  const { names: raw, dropped } = trimTrailingEmpty(header.fields);
  const match = matchHeader(raw, COLUMNS);
  const names = match.names.map((n) => (COLUMNS.includes(n) ? n : n.toLowerCase()));
  const notes = [...table.notes];
  if (dropped > 0) notes.push({ code: "emptyColumns", values: { count: dropped } });
  for (const { from, to } of match.renamed) notes.push({ code: "renamed", values: { from, to } });
  const column = (name: string) => match.index.get(name) ?? -1;
  for (const name of match.duplicates) throw new RatingsFileError(header.line, name, "columnTwice");
  for (const name of REQUIRED) {
    if (column(name) < 0) {
      const guess = raw.find((n, k) => !COLUMNS.includes(match.names[k] ?? "") && didYouMean(n, [name]) !== null);
      throw new RatingsFileError(header.line, name, "missingColumn", {
        found: names.join(", "),
        guess: guess ?? "",
        hasGuess: guess === undefined ? "no" : "yes",
        column: name,
      });
    }
  }
  const hasDimension = column("dimension") >= 0;
  const rows: RatingRow[] = [];
  for (const rec of records) {
    if (isRepeatedHeader(rec.fields, raw))
      throw new RatingsFileError(rec.line, null, "secondHeader", { line: rec.line, first: header.line });
    // Excel pads every row with the trailing empty columns: those cells must be empty.
    const fields = rec.fields.length === header.fields.length && dropped > 0 ? trimPadding(rec.fields, names.length) : rec.fields;
    if (fields.length !== names.length) {
      const missing = names[fields.length];
      if (fields.length < names.length && missing !== undefined) {
        throw new RatingsFileError(rec.line, missing, "fieldMissing", { fields: fields.length, header: names.length });
      }
      throw new RatingsFileError(rec.line, null, "fieldCount", { fields: fields.length, header: names.length });
    }
    const value = (name: string) => (fields[column(name)] ?? "").trim();
    for (const name of REQUIRED) if (value(name) === "") throw new RatingsFileError(rec.line, name, "empty");
    const row: RatingRow = {
      line: rec.line,
      dimension: hasDimension ? value("dimension") : null,
      item: value("item"),
      rater: value("rater"),
      category: value("category"),
    };
    if (hasDimension && row.dimension === "") throw new RatingsFileError(rec.line, "dimension", "empty");
    rows.push(row);
  }
  checkRows(rows, () => categories ?? null);
  return { hasDimension, rows, notes };
}

/** The row without Excel's padding, unless a padded cell holds a value (then the length error says so). */
function trimPadding(fields: string[], width: number): string[] {
  return fields.slice(width).every((f) => f.trim() === "") ? fields.slice(0, width) : fields;
}

/**
 * The checks every layout shares: a category outside the dimension's declared ones, and a second
 * rating of the same (dimension, item, rater), each located at the rating that breaks the rule.
 */
export function checkRows(rows: readonly RatingRow[], declaredFor: (dimension: string | null) => readonly string[] | null): void {
  const seen = new Map<string, number | string>();
  for (const row of rows) {
    const declared = declaredFor(row.dimension);
    if (declared && !declared.includes(row.category)) {
      throw new RatingsFileError(row.line, row.field ?? "category", "notDeclared", {
        category: row.category,
        declared: declared.join(", "),
      });
    }
    const key = JSON.stringify([row.dimension, row.item, row.rater]);
    const first = seen.get(key);
    if (first !== undefined) {
      const firstKind = typeof first === "number" ? "line" : "path";
      const values = { rater: row.rater, item: row.item, ...dimensionValues(row.dimension), first, firstKind };
      throw new RatingsFileError(row.line, "rater", "alreadyRated", values);
    }
    seen.set(key, row.line);
  }
}
