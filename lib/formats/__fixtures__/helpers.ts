// Test helpers: fixture loading and chunked streams (tests only; the core never touches fs).
import type { FormatIssue } from "../issues";
import { english } from "@/lib/i18n/domain";
import { readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parseDataset, validateDatasetStream, type ParseOptions, type ParseResult } from "../parse-dataset";
import { collectDataset, streamDataset } from "../stream-dataset";

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

/**
 * The streamed import (validateDatasetStream, then streamDataset) must agree with
 * parseDataset exactly: same issues, or the same dataset and stats. Every rule and
 * round-trip test goes through parseOk / parseIssues, so all of them check this.
 */
async function crossCheckStreaming(files: Record<string, string>, parsed: ParseResult, size = 64): Promise<void> {
  const reopenable = Object.entries(files).map(([name, text]) => ({ name, open: () => asyncChunks(text, size) }));
  const v = await validateDatasetStream(reopenable);
  const fail = (what: string, a: unknown, b: unknown) => {
    throw new Error(
      `streamed import disagrees with parseDataset (${what}):\n${JSON.stringify(a, null, 1)}\n---\n${JSON.stringify(b, null, 1)}`,
    );
  };
  if (!v.ok || !parsed.ok) {
    const [a, b] = [v.ok ? v : { issues: v.issues, total: v.total }, parsed.ok ? parsed : { issues: parsed.issues, total: parsed.total }];
    if (!isDeepStrictEqual(a, b)) fail("issues", a, b);
    return;
  }
  if (!isDeepStrictEqual(v.summary.stats, parsed.stats)) fail("stats", v.summary.stats, parsed.stats);
  if (!isDeepStrictEqual(v.summary.findings, parsed.findings)) fail("findings", v.summary.findings, parsed.findings);
  const streamed = await collectDataset(v.summary, streamDataset(reopenable, v.summary));
  if (!isDeepStrictEqual(streamed, parsed.dataset)) fail("dataset", streamed, parsed.dataset);
}

/** Parses and fails loudly (with the issues) when the input is rejected. */
export async function parseOk(files: Record<string, string>, size?: number) {
  const r = await parseTexts(files, size);
  if (!r.ok) throw new Error(`expected ok, got issues:\n${JSON.stringify(r.issues, null, 2)}`);
  await crossCheckStreaming(files, r, size);
  return r;
}

/**
 * Parses and returns the issues (fails when the input is accepted) as the command line shows
 * them: located, in English (each issue's code renders to exactly its `message`).
 */
export async function parseIssues(files: Record<string, string>, size?: number) {
  const r = await parseTexts(files, size);
  if (r.ok) throw new Error("expected issues, got ok");
  await crossCheckStreaming(files, r, size);
  return r.issues.map(shownIssue);
}

/** An issue as the command line shows it: located, in English (its code must render to exactly its `message`). */
export function shownIssue({ code, values, ...shown }: FormatIssue): Omit<FormatIssue, "code" | "values"> {
  if (english(values ? { code, values } : { code }) !== shown.message) throw new Error(`${code} does not render its message`);
  return shown;
}
