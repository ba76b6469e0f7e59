/**
 * Long-format ratings CSV for `clinaudit agreement`: header with the columns item, rater, category
 * and optionally dimension (any order, other columns ignored), RFC 4180 quoting. Every problem is
 * reported with the line it is on, so a clinician-facing spreadsheet can be fixed without guessing.
 * Values are trimmed: a stray space must not turn "correct" into a second category.
 */

import { restoreCell } from "../../lib/csv";

export interface CsvRecord {
  /** 1-based physical line on which the record starts. */
  line: number;
  fields: string[];
}

/** A problem at a line of the input; `field` names the column when there is one. */
export class CsvLineError extends Error {
  constructor(
    readonly line: number,
    readonly field: string | null,
    readonly reason: string,
  ) {
    super(field === null ? reason : `field "${field}": ${reason}`);
  }

  /** `ratings.csv:LINE: field "category": reason` */
  located(file: string): string {
    return `${file}:${this.line}: ${this.message}`;
  }
}

/** RFC 4180 records; quoted fields may hold commas, doubled quotes and line breaks. Blank lines are skipped. */
export function parseCsv(text: string): CsvRecord[] {
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
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
        throw new CsvLineError(line, null, `unexpected text after a closing quote (column ${fields.length + 1})`);
      }
    } else if (c === ",") {
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
  line: number;
  dimension: string | null;
  item: string;
  rater: string;
  category: string;
}

const REQUIRED = ["item", "rater", "category"] as const;

/**
 * Rating rows of a ratings CSV. With `categories`, a category outside that list is an error; a
 * second rating of the same (dimension, item, rater) is always one.
 */
export function parseRatingsCsv(text: string, categories?: readonly string[]): { hasDimension: boolean; rows: RatingRow[] } {
  const records = parseCsv(text);
  const header = records[0];
  if (!header) throw new CsvLineError(1, null, `empty file: expected a header ${REQUIRED.join(",")}`);
  const names = header.fields.map((h) => h.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  for (const name of [...REQUIRED, "dimension"]) {
    if (names.filter((n) => n === name).length > 1) throw new CsvLineError(header.line, name, "column appears twice in the header");
  }
  for (const name of REQUIRED) {
    if (column(name) < 0) {
      throw new CsvLineError(header.line, name, `missing from the header (need ${REQUIRED.join(", ")}; found ${names.join(", ")})`);
    }
  }
  const hasDimension = column("dimension") >= 0;
  const declared = categories ? new Set(categories) : null;
  const seen = new Map<string, number>();
  const rows: RatingRow[] = [];
  for (const rec of records.slice(1)) {
    if (rec.fields.length !== names.length) {
      const missing = names[rec.fields.length];
      if (rec.fields.length < names.length && missing !== undefined) {
        throw new CsvLineError(rec.line, missing, `missing (the line has ${rec.fields.length} fields, the header ${names.length})`);
      }
      throw new CsvLineError(rec.line, null, `the line has ${rec.fields.length} fields, the header ${names.length}`);
    }
    const value = (name: string) => (rec.fields[column(name)] ?? "").trim();
    for (const name of REQUIRED) if (value(name) === "") throw new CsvLineError(rec.line, name, "empty");
    const row: RatingRow = {
      line: rec.line,
      dimension: hasDimension ? value("dimension") : null,
      item: value("item"),
      rater: value("rater"),
      category: value("category"),
    };
    if (hasDimension && row.dimension === "") throw new CsvLineError(rec.line, "dimension", "empty");
    if (declared && !declared.has(row.category)) {
      throw new CsvLineError(rec.line, "category", `"${row.category}" is not a declared category (${[...declared].join(", ")})`);
    }
    const key = JSON.stringify([row.dimension, row.item, row.rater]);
    const first = seen.get(key);
    if (first !== undefined) {
      const where = row.dimension === null ? "" : ` in dimension "${row.dimension}"`;
      throw new CsvLineError(rec.line, "rater", `"${row.rater}" already rated item "${row.item}"${where} on line ${first}`);
    }
    seen.set(key, rec.line);
    rows.push(row);
  }
  return { hasDimension, rows };
}
