// A CSV table with a required header, read as spreadsheets save it: the separator sniffed from
// the header line, header names matched loosely (case, spaces, `_`/`-`), Excel's trailing empty
// columns ignored. What is still refused names its cause: UTF-16, a second header row, a missing
// column with the header name it was probably meant to be.
import type { z } from "zod";
import { parseCsv, sniffChunks } from "./csv";
import { issueAt, located, reportZod, type Where } from "./issues";
import type { NamedChunks, ReadContext } from "./read-ehr";
import { type Delimiter, headerNotes, isRepeatedHeader, matchHeader, missingColumns, trimTrailingEmpty, utf16Cause } from "./table-header";

export type CsvTableRow<T> =
  | { ok: true; row: T; extra: Record<string, string> | undefined; where: Where }
  | { ok: false; cells: Record<string, string> };

interface Header {
  line: number;
  /** Column name per position: the canonical name where it matched, else as written (trimmed). */
  names: string[];
  /** Columns in the file, Excel's trailing empty ones included. */
  width: number;
}

/**
 * Streams a CSV table with a required header. Each row is checked against
 * `schema` (columns by name; unknown columns are kept as extras) and yielded,
 * or yielded as rejected (with its raw cells) after its issues were logged.
 */
export async function* csvTable<S extends z.ZodType>(
  file: NamedChunks,
  columns: readonly string[],
  schema: S,
  ctx: ReadContext,
): AsyncGenerator<CsvTableRow<z.output<S>>> {
  const sniffed = await sniffChunks(ctx.progress.wrap(file.name, file.chunks));
  // Named by the encoding check (encoding.ts); its cells would only add a cascade of column errors.
  if (utf16Cause(sniffed.head)) return;
  let header: Header | undefined;
  let record = 0;
  for await (const rec of parseCsv(sniffed.chunks, { delimiter: sniffed.delimiter })) {
    if (!header) {
      header = readHeader(file.name, rec.fields, rec.line, columns, sniffed.delimiter, ctx);
      if (!header) return;
      continue;
    }
    record++;
    ctx.progress.record(file.name);
    const where: Where = { file: file.name, line: rec.line, record, path: "" };
    if (isRepeatedHeader(rec.fields, header.names)) {
      ctx.log.add(issueAt(where, "(header)", "formats.secondHeader", { line: String(rec.line), first: String(header.line) }));
      continue;
    }
    for (const p of rec.problems ?? []) ctx.log.add(issueAt(where, "(csv)", p.code, p.values));
    const obj: Record<string, string> = {};
    let extra: Record<string, string> | undefined;
    header.names.forEach((h, k) => {
      const v = rec.fields[k] ?? "";
      if (columns.includes(h)) obj[h] = v;
      else (extra ??= {})[h] = v;
    });
    // Excel pads every row to its widest: cells under the ignored empty columns must be empty.
    const padded = rec.fields.length <= header.width && rec.fields.slice(header.names.length).every((f) => f.trim() === "");
    if (rec.fields.length < header.names.length || !padded) {
      // Misaligned cells would produce a cascade of misleading column errors.
      ctx.log.add(
        issueAt(where, "(csv)", "formats.fieldCount", { fields: String(rec.fields.length), header: String(header.names.length) }),
      );
      yield { ok: false, cells: obj };
      continue;
    }
    const parsed = schema.safeParse(obj, { reportInput: true });
    if (parsed.success) yield { ok: true, row: parsed.data, extra, where };
    else {
      reportZod(ctx.log, where, parsed.error);
      yield { ok: false, cells: obj };
    }
  }
  if (!header) ctx.log.add(located({ file: file.name, line: 1, field: "(header)" }, { code: "formats.emptyCsv" }));
  ctx.progress.done(file.name);
}

/** The header's names, or undefined (its issues logged) when a required column is missing. */
function readHeader(
  file: string,
  fields: readonly string[],
  line: number,
  columns: readonly string[],
  delimiter: Delimiter,
  ctx: ReadContext,
): Header | undefined {
  const { names, dropped } = trimTrailingEmpty(fields);
  const match = matchHeader(names, columns);
  const seen = new Set<string>();
  for (const h of match.names) {
    if (seen.has(h))
      ctx.log.add(located({ file, line, field: "(header)" }, { code: "formats.duplicateColumn", values: { column: JSON.stringify(h) } }));
    seen.add(h);
  }
  const missing = columns.filter((c) => !match.index.has(c));
  if (missing.length > 0) {
    ctx.log.add(located({ file, line, field: "(header)" }, missingColumns(missing, names, columns)));
    return undefined;
  }
  for (const note of headerNotes(line, delimiter, dropped, match.renamed)) ctx.progress.note(file, note);
  return { line, names: match.names, width: fields.length };
}
