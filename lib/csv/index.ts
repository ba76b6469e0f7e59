/**
 * The one CSV writer of ClinAudit: every CSV the app or the CLI produces goes through here.
 *
 * - RFC 4180 quoting: a cell is quoted when it holds a comma, a double quote or a line break
 *   (quotes doubled); otherwise written as it is.
 * - Spreadsheet formulas are neutralised (OWASP's CSV-injection rule): a text cell that begins
 *   with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a single quote in front,
 *   and quoted, so Excel, LibreOffice and Sheets show it as text instead of running it. A text
 *   cell that begins with quotes followed by one of those gets one more quote, so the encoding
 *   is reversible: `restoreCell` (used by our readers) takes exactly one quote off a quoted cell
 *   that begins with quotes and a formula character, and every export re-imports as it was.
 * - Numbers are data, never formulas: a cell given as a number (a count, an estimate, -0.5) is
 *   written as its shortest round-trip form and never prefixed. So the rule is per column by
 *   type: numeric columns are written from numbers, text columns from strings — an item id "-2"
 *   is text and is neutralised. Booleans are `true` / `false`, null and undefined an empty cell.
 * - One line-ending contract: "\n" after every record, the last one included. Line breaks inside
 *   a quoted cell are kept as they are.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** Leading characters a spreadsheet reads as the start of a formula (OWASP). */
const FORMULA_LEAD = /^'*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** True when a text cell is written neutralised (prefixed with a single quote). */
export function isFormulaLike(text: string): boolean {
  return FORMULA_LEAD.test(text);
}

/** One cell, quoted as RFC 4180 requires and neutralised when it is formula-like text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`CSV cell: ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (FORMULA_LEAD.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record with its line ending. A lone empty cell is quoted, so readers do not skip it as a blank line. */
export function csvRecord(values: readonly CsvValue[]): string {
  if (values.length === 1 && csvCell(values[0]) === "") return `""\n`;
  return values.map(csvCell).join(",") + "\n";
}

/** A whole file: every record, each ending in "\n". */
export function csvText(rows: Iterable<readonly CsvValue[]>): string {
  let out = "";
  for (const row of rows) out += csvRecord(row);
  return out;
}

/**
 * A reader's inverse of the neutralisation: a cell that was quoted in the file and begins with
 * one or more single quotes followed by a formula character loses one quote. Unquoted cells are
 * left alone (our writer always quotes what it neutralises).
 */
export function restoreCell(text: string, quoted: boolean): string {
  return quoted && text.startsWith("'") && FORMULA_LEAD.test(text) ? text.slice(1) : text;
}
