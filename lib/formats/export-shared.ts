// Pieces shared by the exporters: the lazy file type and JSON bundle framing.
import type { NormalizedDataset } from "./model";

export interface ExportedFile {
  name: string;
  chunks: Iterable<string>;
}

/** Writes `"key": [ records… ]` with one record per line. */
export function* jsonArrayMember(key: string, records: Iterable<unknown>, last: boolean): Generator<string> {
  yield `  ${JSON.stringify(key)}: [`;
  let first = true;
  for (const r of records) {
    yield `${first ? "\n" : ",\n"}    ${JSON.stringify(r)}`;
    first = false;
  }
  yield `${first ? "" : "\n  "}]${last ? "\n" : ",\n"}`;
}

/** Bundle header: format, version, dataset meta, then unknown top-level keys. */
export function* bundleHead(ds: NormalizedDataset, format: string): Generator<string> {
  yield `{\n  "format": ${JSON.stringify(format)},\n`;
  yield `  "format_version": ${JSON.stringify(ds.formatVersion ?? "1.0")},\n`;
  yield `  "dataset": ${JSON.stringify(ds.meta)},\n`;
  for (const [k, v] of Object.entries(ds.extra ?? {})) yield `  ${JSON.stringify(k)}: ${JSON.stringify(v)},\n`;
}

/** Lazy map, so records are converted to wire objects only as they are written. */
export function* mapIter<T, U>(xs: Iterable<T>, f: (x: T) => U): Generator<U> {
  for (const x of xs) yield f(x);
}

/** Joins exported chunks (tests, small downloads). */
export function exportedText(file: ExportedFile): string {
  return [...file.chunks].join("");
}
