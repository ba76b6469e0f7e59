/**
 * Ratings tables as spreadsheets save them (lib/formats/table-header.ts): UTF-16 refused by name,
 * `,` `;` or tab sniffed from the header line, RFC 4180 quoting. Every problem is located at the
 * line it is on, so a clinician-facing spreadsheet can be fixed without guessing.
 */
import { restoreCell } from "../../csv";
import { type Delimiter, sniffDelimiter, utf16Cause } from "../../formats/table-header";
import { RatingsFileError, type RatingsMessage } from "./messages";

export interface CsvRecord {
  /** 1-based physical line on which the record starts. */
  line: number;
  fields: string[];
}

/** A ratings table: its records, the separator it was read with, and what the user should know of it. */
export interface CsvTable {
  records: CsvRecord[];
  delimiter: Delimiter;
  notes: RatingsMessage[];
}

/** The records of a table saved by a spreadsheet: UTF-16 refused by name, the separator sniffed. */
export function readTable(text: string): CsvTable {
  const utf16 = utf16Cause(text);
  if (utf16) throw new RatingsFileError(1, null, "utf16");
  const delimiter = sniffDelimiter(text.startsWith("\uFEFF") ? text.slice(1) : text);
  const notes: RatingsMessage[] =
    delimiter === "," ? [] : [{ code: "delimiter", values: { delimiter: delimiter === "\t" ? "tab" : delimiter } }];
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
      if (field !== "" || quoted) throw new RatingsFileError(line, null, "quoteInside", { column: fields.length + 1 });
      const openedAt = line;
      quoted = true;
      i++;
      for (;;) {
        const d = src[i];
        if (d === undefined) throw new RatingsFileError(openedAt, null, "quoteNotClosed");
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
        throw new RatingsFileError(line, null, "textAfterQuote", { column: fields.length + 1 });
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
