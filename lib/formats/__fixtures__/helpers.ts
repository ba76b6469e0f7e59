// Test helpers: fixture loading and chunked streams (tests only; the core never touches fs).
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDataset, type ParseOptions, type ParseResult } from "../parse-dataset";

export function fixture(name: string): string {
  return readFileSync(path.join(__dirname, name), "utf8");
}

/** Splits text into fixed-size chunks, to exercise chunk boundaries in the stream readers. */
export function* chunked(text: string, size = 7): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

export async function* asyncChunks(text: string, size = 7): AsyncGenerator<string> {
  yield* chunked(text, size);
}

export function parseTexts(files: Record<string, string>, size = 64, options?: ParseOptions): Promise<ParseResult> {
  return parseDataset(
    Object.entries(files).map(([name, text]) => ({ name, chunks: asyncChunks(text, size) })),
    options,
  );
}

/** Parses and fails loudly (with the issues) when the input is rejected. */
export async function parseOk(files: Record<string, string>, size?: number) {
  const r = await parseTexts(files, size);
  if (!r.ok) throw new Error(`expected ok, got issues:\n${JSON.stringify(r.issues, null, 2)}`);
  return r;
}

/** Parses and returns the issues (fails when the input is accepted). */
export async function parseIssues(files: Record<string, string>, size?: number) {
  const r = await parseTexts(files, size);
  if (r.ok) throw new Error("expected issues, got ok");
  return r.issues;
}
