/**
 * Long-format ratings CSV for `clinaudit agreement`: header with the columns item, rater, category
 * and optionally dimension (any order, other columns ignored), RFC 4180 quoting. Every problem is
 * reported with the line it is on, so a clinician-facing spreadsheet can be fixed without guessing.
 * Values are trimmed: a stray space must not turn "correct" into a second category. Tables are read
 * as spreadsheets save them (lib/formats/table-header.ts): `,` `;` or tab, header names matched
 * loosely, Excel's trailing empty columns ignored.
 */

import { restoreCell } from "../../lib/csv";
import {
  type Delimiter,
  delimiterName,
  didYouMean,
  isRepeatedHeader,
  matchHeader,
  secondHeaderMessage,
  sniffDelimiter,
  trimTrailingEmpty,
  utf16Cause,
} from "../../lib/formats/table-header";

export interface CsvRecord {
  /** 1-based physical line on which the record starts. */
  line: number;
  fields: string[];
}

/** A problem at a line of the input (or a JSON path); `field` names the column when there is one. */
export class CsvLineError extends Error {
  constructor(
    readonly line: number | string,
    readonly field: string | null,
    readonly reason: string,
  ) {
    super(field === null ? reason : `field "${field}": ${reason}`);
  }

  /** `ratings.csv:LINE: field "category": reason`, or `export.json: tasks[3]…: reason` */
  located(file: string): string {
    return typeof this.line === "number" ? `${file}:${this.line}: ${this.message}` : `${file}: ${this.line}: ${this.message}`;
  }
}

/** A ratings table: its records, the separator it was read with, and what the user should know of it. */
export interface CsvTable {
  records: CsvRecord[];
  delimiter: Delimiter;
  notes: string[];
}

/** The records of a table saved by a spreadsheet: UTF-16 refused by name, the separator sniffed. */
export function readTable(text: string): CsvTable {
  const utf16 = utf16Cause(text);
  if (utf16) throw new CsvLineError(1, null, utf16);
  const delimiter = sniffDelimiter(text.startsWith("\uFEFF") ? text.slice(1) : text);
  const notes = delimiter === "," ? [] : [`columns separated by ${delimiterName(delimiter)} (read from the header line)`];
  return { records: parseCsv(text, delimiter), delimiter, notes };
}

/** RFC 4180 records; quoted fields may hold commas, doubled quotes and line breaks. Blank lines are skipped. */
export function parseCsv(text: string, delimiter: Delimiter = ","): CsvRecord[] {
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const endField = () => {
    // Our exports neutralise formula-leading cells (lib/csv): read them back as written.
    fields.push(restoreCell(field, quoted));
    field = "";
    quoted = false;
  };
  const endRecord = () => {
    const blank = fields.length === 0 && field === "" && !quoted;
    endField();
    if (!blank) records.push({ line: start, fields });
    fields = [];
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '"') {
      if (field !== "" || quoted) throw new CsvLineError(line, null, `quote inside an unquoted field (column ${fields.length + 1})`);
      const openedAt = line;
      quoted = true;
      i++;
      for (;;) {
        const d = src[i];
        if (d === undefined) throw new CsvLineError(openedAt, null, "quoted field is never closed");
        i++;
        if (d === '"') {
          if (src[i] !== '"') break;
          i++;
        } else if (d === "\n" || (d === "\r" && src[i] !== "\n")) {
          line++;
        }
        field += d;
      }
      const next = src[i];
      if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r") {
        throw new CsvLineError(line, null, `unexpected text after a closing quote (column ${fields.length + 1})`);
      }
    } else if (c === delimiter) {
      endField();
      i++;
    } else if (c === "\n" || c === "\r") {
      endRecord();
      i += c === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
      start = line;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== "" || quoted || fields.length > 0) endRecord();
  return records;
}

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
): { hasDimension: boolean; rows: RatingRow[]; notes: string[] } {
  return longRows(readTable(text), categories);
}

export function longRows(table: CsvTable, categories?: readonly string[]): { hasDimension: boolean; rows: RatingRow[]; notes: string[] } {
  const [header, ...records] = table.records;
  if (!header) throw new CsvLineError(1, null, `empty file: expected a header ${REQUIRED.join(",")}`);
  const { names: raw, dropped } = trimTrailingEmpty(header.fields);
  const match = matchHeader(raw, COLUMNS);
  const names = match.names.map((n) => (COLUMNS.includes(n) ? n : n.toLowerCase()));
  const notes = [...table.notes];
  if (dropped > 0) notes.push(`${dropped} empty column(s) at the end of the header ignored`);
  for (const { from, to } of match.renamed) notes.push(`column ${JSON.stringify(from)} read as ${to}`);
  const column = (name: string) => match.index.get(name) ?? -1;
  for (const name of match.duplicates) throw new CsvLineError(header.line, name, "column appears twice in the header");
  for (const name of REQUIRED) {
    if (column(name) < 0) {
      const guess = raw.find((n, k) => !COLUMNS.includes(match.names[k] ?? "") && didYouMean(n, [name]) !== null);
      const hint = guess === undefined ? "" : `; ${JSON.stringify(guess)}: did you mean ${name}?`;
      throw new CsvLineError(header.line, name, `missing from the header (need ${REQUIRED.join(", ")}; found ${names.join(", ")}${hint})`);
    }
  }
  const hasDimension = column("dimension") >= 0;
  const rows: RatingRow[] = [];
  for (const rec of records) {
    if (isRepeatedHeader(rec.fields, raw)) throw new CsvLineError(rec.line, null, secondHeaderMessage(rec.line, header.line));
    // Excel pads every row with the trailing empty columns: those cells must be empty.
    const fields = rec.fields.length === header.fields.length && dropped > 0 ? trimPadding(rec.fields, names.length) : rec.fields;
    if (fields.length !== names.length) {
      const missing = names[fields.length];
      if (fields.length < names.length && missing !== undefined) {
        throw new CsvLineError(rec.line, missing, `missing (the line has ${fields.length} fields, the header ${names.length})`);
      }
      throw new CsvLineError(rec.line, null, `the line has ${fields.length} fields, the header ${names.length}`);
    }
    const value = (name: string) => (fields[column(name)] ?? "").trim();
    for (const name of REQUIRED) if (value(name) === "") throw new CsvLineError(rec.line, name, "empty");
    const row: RatingRow = {
      line: rec.line,
      dimension: hasDimension ? value("dimension") : null,
      item: value("item"),
      rater: value("rater"),
      category: value("category"),
    };
    if (hasDimension && row.dimension === "") throw new CsvLineError(rec.line, "dimension", "empty");
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
      throw new CsvLineError(row.line, row.field ?? "category", `"${row.category}" is not a declared category (${declared.join(", ")})`);
    }
    const key = JSON.stringify([row.dimension, row.item, row.rater]);
    const first = seen.get(key);
    if (first !== undefined) {
      const where = row.dimension === null ? "" : ` in dimension "${row.dimension}"`;
      const at = typeof first === "number" ? `line ${first}` : first;
      throw new CsvLineError(row.line, "rater", `"${row.rater}" already rated item "${row.item}"${where} on ${at}`);
    }
    seen.set(key, row.line);
  }
}
