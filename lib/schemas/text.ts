// Client-safe. What free text a user saves may hold: no NUL or other control characters (tabs and
// line breaks aside) and no lone UTF-16 surrogates. SQLite stored them as invalid UTF-8, CSV
// exports carried them raw, PostgreSQL refused them (22021) — so a backup of one engine did not
// restore into the other. Names and seeds are one line: no line breaks or tabs either (a CR/LF or
// ESC in an audit name broke paragraph.txt and the operator's terminal).
import { z } from "zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` has no control character (but tab, LF, CR) and no lone surrogate. */
export function isCleanText(s: string): boolean {
  return !CONTROL.test(s) && !LONE_SURROGATE.test(s);
}

/** NUL characters and lone surrogates, which PostgreSQL cannot store (22021) and UTF-8 cannot encode. */
const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, "g");

/** `s` with each NUL and lone surrogate replaced by U+FFFD (text saved before they were refused). */
export function toStorableText(s: string): string {
  return s.replace(UNSTORABLE, "\ufffd");
}

/** True when `s` is clean and one line. */
export function isCleanLine(s: string): boolean {
  return !LINE_CONTROL.test(s) && !LONE_SURROGATE.test(s);
}

/** A text field of several lines (comments, rationales, proposals). */
export const freeText = (max: number) => z.string().max(max).refine(isCleanText, "common.validation.controlCharacters");

/** A one-line name: trimmed, 1 to `max` characters, no control characters. */
export const lineName = (max: number, required: string, tooLong?: string) =>
  z.string().trim().min(1, required).max(max, tooLong).refine(isCleanLine, "common.validation.controlCharactersInName");

/** What a terminal may print of a stored name: control characters shown as \u escapes, never sent. */
export function printable(s: string): string {
  return s.replace(new RegExp(LINE_CONTROL.source, "g"), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
