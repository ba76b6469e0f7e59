// Line and JSONL readers over string chunks, with physical line numbers.
// A JSONL patient record can be ~100 KB; pieces of a line that spans chunks
// are collected in an array and joined once, so no quadratic concatenation.
import type { Chunks } from "./csv";
import type { DomainMessage } from "../i18n/domain";
import { lineTooLong, MAX_LINE_CHARS, parseJsonWithin } from "./reader-limits";

export interface TextLine {
  text: string;
  /** 1-based physical line number. */
  line: number;
  /** Set (to the length seen) when the line exceeded MAX_LINE_CHARS: `text` is then empty. */
  overLong?: number;
}

export async function* readLines(chunks: Chunks): AsyncGenerator<TextLine> {
  let parts: string[] = [];
  let length = 0; // of parts; past the limit the pieces are dropped, not joined
  let line = 1;
  let atStart = true;
  const take = (): TextLine => {
    if (length > MAX_LINE_CHARS) return { text: "", line: line++, overLong: length };
    let text = parts.length === 1 ? (parts[0] as string) : parts.join("");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    return { text, line: line++ };
  };
  const add = (piece: string) => {
    length += piece.length;
    if (length <= MAX_LINE_CHARS) parts.push(piece);
    else parts = [];
  };
  for await (const raw of chunks) {
    let chunk = raw;
    if (atStart && chunk.length > 0) {
      atStart = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", from)) {
      add(chunk.slice(from, nl));
      yield take();
      parts = [];
      length = 0;
      from = nl + 1;
    }
    if (from < chunk.length) add(chunk.slice(from));
  }
  if (length > 0) yield take();
}

export type JsonlEntry =
  | { ok: true; value: unknown; line: number; record: number }
  | { ok: false; error: DomainMessage; line: number; record: number };

/** Parses one JSON value per non-blank line; a bad line is reported, not fatal. */
export async function* readJsonl(chunks: Chunks): AsyncGenerator<JsonlEntry> {
  let record = 0;
  for await (const { text, line, overLong } of readLines(chunks)) {
    if (overLong) {
      yield { ok: false, error: lineTooLong(overLong), line, record: ++record };
      continue;
    }
    if (text.trim() === "") continue;
    record++;
    const parsed = parseJsonWithin(text);
    yield parsed.ok ? { ok: true, value: parsed.value, line, record } : { ok: false, error: parsed.said, line, record };
  }
}
