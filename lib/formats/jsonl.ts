// Line and JSONL readers over string chunks, with physical line numbers.
// A JSONL patient record can be ~100 KB; pieces of a line that spans chunks
// are collected in an array and joined once, so no quadratic concatenation.
import type { Chunks } from "./csv";

export interface TextLine {
  text: string;
  /** 1-based physical line number. */
  line: number;
}

export async function* readLines(chunks: Chunks): AsyncGenerator<TextLine> {
  let parts: string[] = [];
  let line = 1;
  let atStart = true;
  for await (const raw of chunks) {
    let chunk = raw;
    if (atStart && chunk.length > 0) {
      atStart = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", from)) {
      parts.push(chunk.slice(from, nl));
      let text = parts.length === 1 ? (parts[0] as string) : parts.join("");
      if (text.endsWith("\r")) text = text.slice(0, -1);
      yield { text, line: line++ };
      parts = [];
      from = nl + 1;
    }
    if (from < chunk.length) parts.push(chunk.slice(from));
  }
  if (parts.length > 0) {
    let text = parts.join("");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    yield { text, line };
  }
}

export type JsonlEntry =
  | { ok: true; value: unknown; line: number; record: number }
  | { ok: false; error: string; line: number; record: number };

/** Parses one JSON value per non-blank line; a bad line is reported, not fatal. */
export async function* readJsonl(chunks: Chunks): AsyncGenerator<JsonlEntry> {
  let record = 0;
  for await (const { text, line } of readLines(chunks)) {
    if (text.trim() === "") continue;
    record++;
    try {
      yield { ok: true, value: JSON.parse(text) as unknown, line, record };
    } catch (e) {
      yield { ok: false, error: `invalid JSON: ${(e as Error).message}`, line, record };
    }
  }
}
