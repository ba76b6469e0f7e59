// Tables as spreadsheets save them (tests only). Excel's "CSV" save: the locale's list separator
// (";" where the decimal mark is a comma), a field quoted only when it holds the separator, a quote
// or a line break, CRLF after every row, and every row padded to the used range's width (columns
// once touched and cleared stay as empty cells: `a;b;;`). Excel's "Unicode Text": UTF-16LE with a
// BOM, tab-separated, CRLF.

export interface SpreadsheetSave {
  separator?: "," | ";" | "\t";
  /** Empty columns the used range has beyond the data (Excel writes them on every row). */
  emptyColumns?: number;
  bom?: boolean;
}

const cell = (text: string, sep: string) => (text.includes(sep) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Re-saves a comma CSV (as our fixtures write it) the way Excel writes it back. */
export function excelSave(rows: readonly (readonly string[])[], options: SpreadsheetSave = {}): string {
  const sep = options.separator ?? ",";
  const pad = new Array<string>(options.emptyColumns ?? 0).fill("");
  const text = rows.map((r) => [...r, ...pad].map((c) => cell(c, sep)).join(sep) + "\r\n").join("");
  return (options.bom ? "\uFEFF" : "") + text;
}

/** The bytes of Excel's "Unicode Text" save, decoded as a UTF-8 reader decodes them (BOM kept). */
export function unicodeTextAsUtf8(rows: readonly (readonly string[])[]): string {
  const text = rows.map((r) => r.join("\t") + "\r\n").join("");
  const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}
