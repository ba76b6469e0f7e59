// Streaming RFC 4180 CSV reader (the writer is lib/csv).
//
// Discharge summaries are multi-kilobyte quoted fields full of commas, quotes
// and newlines, and a full release is 100+ MB, so the reader works chunk by
// chunk (never joining the input) and reports the physical line on which each
// record starts. It is lenient — a malformed record is still yielded, with its
// problems attached — so one stray quote does not hide every later issue.

import { restoreCell } from "../csv";
import type { DomainMessage } from "../i18n/domain";
import { fieldTooLong, MAX_CSV_FIELDS, MAX_LINE_CHARS } from "./reader-limits";
import { type Delimiter, sniffDelimiter } from "./table-header";

export type Chunks = AsyncIterable<string> | Iterable<string>;

export interface CsvRecord {
  fields: string[];
  /** 1-based physical line on which the record starts. */
  line: number;
  /** RFC 4180 violations found in this record. */
  problems?: DomainMessage[];
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3; // saw `"` inside a quoted field: either `""` or the closing quote

/** The header line is searched for a separator within this many characters. */
const SNIFF_CHARS = 64 * 1024;

/**
 * The table's separator (`,` `;` tab) sniffed from its first line, and the chunks replayed. The
 * chunks are buffered until that line ends (outside quotes) or SNIFF_CHARS are read.
 */
export async function sniffChunks(chunks: Chunks): Promise<{ delimiter: Delimiter; head: string; chunks: AsyncIterable<string> }> {
  const source = typeof chunks === "string" ? [chunks] : chunks;
  const it =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<string>)[Symbol.asyncIterator]()
      : (source as Iterable<string>)[Symbol.iterator]();
  const buffered: string[] = [];
  let head = "";
  let done = false;
  let quoted = false;
  let ended = false;
  while (head.length < SNIFF_CHARS && !ended) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    buffered.push(r.value);
    head += r.value;
    // Scans only the new chunk: the quote state carries over.
    for (let i = 0; i < r.value.length && !ended; i++) {
      const c = r.value.charCodeAt(i);
      if (c === QUOTE) quoted = !quoted;
      else if (!quoted && (c === LF || c === CR)) ended = true;
    }
  }
  async function* replay(): AsyncGenerator<string> {
    yield* buffered;
    if (done) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  return { delimiter: sniffDelimiter(text), head: text, chunks: replay() };
}

/**
 * A whole table held in memory (prediction and answer files), read with the separator sniffed
 * from its header line as the dataset's table readers do: a European Excel `;` save and a
 * tab-separated file named .csv read like a comma CSV.
 */
export function parseSniffedCsv(text: string): AsyncGenerator<CsvRecord> {
  return parseCsv([text], { delimiter: sniffDelimiter(text.slice(0, SNIFF_CHARS)) });
}

export async function* parseCsv(chunks: Chunks, options: { delimiter?: Delimiter } = {}): AsyncGenerator<CsvRecord> {
  // Per-generator regexes: lastIndex is mutable state.
  const inQuoted = /["\r\n]/g;
  const delimiter = options.delimiter ?? ",";
  const SEP = delimiter.charCodeAt(0);
  const inUnquoted = new RegExp(`["${delimiter}\\r\\n]`, "g");
  let state = FIELD_START;
  let field = "";
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let problems: DomainMessage[] | undefined;
  let quotedSeen = false; // a record `""` is one empty field, not a blank line
  let fieldQuoted = false; // this field was quoted: a neutralised formula cell is restored (lib/csv)
  let pendingCR = false; // previous chunk ended with CR; a leading LF belongs to it
  let atStart = true;

  const problem = (said: DomainMessage) => (problems ??= []).push(said);
  let overLong = false; // this record already has a field past MAX_LINE_CHARS (its text is dropped)
  /** Ends a field: kept (a neutralised formula cell restored, lib/csv) unless the record has too many. */
  const endField = () => {
    if (fields.length < MAX_CSV_FIELDS) fields.push(restoreCell(field, fieldQuoted));
    else if (fields.length === MAX_CSV_FIELDS && !problems?.some((p) => p.code === "formats.csvTooManyFields"))
      problem({ code: "formats.csvTooManyFields", values: { max: MAX_CSV_FIELDS.toLocaleString("en-US") } });
    field = "";
    fieldQuoted = false;
  };
  const takeRecord = (): CsvRecord | null => {
    endField();
    const blank = fields.length === 1 && fields[0] === "" && !quotedSeen && !problems;
    const rec: CsvRecord = { fields, line: recordLine };
    if (problems) rec.problems = problems;
    fields = [];
    problems = undefined;
    overLong = false;
    quotedSeen = false;
    state = FIELD_START;
    recordLine = line;
    return blank ? null : rec;
  };

  for await (const raw of chunks) {
    let chunk = raw;
    if (atStart && chunk.length > 0) {
      atStart = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1); // UTF-8 BOM from Excel
    }
    const n = chunk.length;
    let i = 0;
    if (pendingCR && n > 0) {
      pendingCR = false;
      if (chunk.charCodeAt(0) === LF) {
        if (state === QUOTED) field += "\n";
        i = 1;
      }
    }
    while (i < n) {
      if (state === QUOTED) {
        inQuoted.lastIndex = i;
        const m = inQuoted.exec(chunk);
        if (!m) {
          field += chunk.slice(i);
          break;
        }
        const j = m.index;
        if (chunk.charCodeAt(j) === QUOTE) {
          field += chunk.slice(i, j);
          state = QUOTE_IN_QUOTED;
          i = j + 1;
          continue;
        }
        // Line break inside quotes: part of the value, but still a physical line.
        line++;
        field += chunk.slice(i, j + 1);
        i = j + 1;
        if (chunk.charCodeAt(j) === CR) {
          if (i >= n) pendingCR = true;
          else if (chunk.charCodeAt(i) === LF) {
            field += "\n";
            i++;
          }
        }
        continue;
      }
      if (state === QUOTE_IN_QUOTED) {
        const c = chunk.charCodeAt(i);
        if (c === QUOTE) {
          field += '"';
          state = QUOTED;
          i++;
          continue;
        }
        if (c !== SEP && c !== CR && c !== LF) problem({ code: "formats.csvAfterQuote", values: { field: String(fields.length + 1) } });
        state = UNQUOTED; // fall through: the delimiter is handled below
      }
      if (state === FIELD_START) {
        if (chunk.charCodeAt(i) === QUOTE) {
          state = QUOTED;
          quotedSeen = true;
          fieldQuoted = true;
          i++;
          continue;
        }
        state = UNQUOTED;
      }
      inUnquoted.lastIndex = i;
      const m = inUnquoted.exec(chunk);
      if (!m) {
        field += chunk.slice(i);
        break;
      }
      const j = m.index;
      const c = chunk.charCodeAt(j);
      field += chunk.slice(i, j);
      i = j + 1;
      if (c === QUOTE) {
        problem({ code: "formats.csvStrayQuote", values: { field: String(fields.length + 1) } });
        field += '"';
      } else if (c === SEP) {
        endField();
        state = FIELD_START;
      } else {
        line++;
        if (c === CR) {
          if (i >= n) pendingCR = true;
          else if (chunk.charCodeAt(i) === LF) i++;
        }
        const rec = takeRecord();
        if (rec) yield rec;
      }
    }
    // Checked once per chunk, so a field can outgrow the limit by one chunk at most.
    if (field.length > MAX_LINE_CHARS) {
      if (!overLong) problem(fieldTooLong(fields.length + 1));
      overLong = true;
      field = "";
    }
  }
  if (state === QUOTED) problem({ code: "formats.csvUnterminated" });
  if (state !== FIELD_START || fields.length > 0) {
    const rec = takeRecord();
    if (rec) yield rec;
  }
}

/**
 * Writing goes through the project's one CSV writer (lib/csv): RFC 4180 quoting, formula cells
 * neutralised, "\n" after every record. Re-exported here for the format exporters and fixtures.
 */
export { csvCell as csvField, csvRecord as csvRow } from "../csv";
