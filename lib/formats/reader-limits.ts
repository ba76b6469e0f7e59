// Limits every reader of outside files applies before the data can hurt the process: a line
// too long to hold as one string ("Invalid string length") and JSON nested so deep that any
// recursive walk of it (validation, JSON.stringify) overflows the stack. Both become a
// located problem like any other bad input: nothing is written, the server stays up.

/** Longest line (JSONL record, backup record) or CSV field, in UTF-16 code units: ~32 MB of text, far above any real record. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;
/** Deepest JSON nesting accepted; ClinAudit's formats nest fewer than 10 levels. */
export const MAX_JSON_DEPTH = 64;
/** Most fields in one CSV record. */
export const MAX_CSV_FIELDS = 10_000;

const fmt = (n: number) => n.toLocaleString("en-US");

export function lineTooLongMessage(length: number): string {
  return `the line is longer than ${fmt(MAX_LINE_CHARS)} characters (at least ${fmt(length)}): not a record this format can hold`;
}

export function fieldTooLongMessage(field: number): string {
  return `field ${field} is longer than ${fmt(MAX_LINE_CHARS)} characters: not a value this format can hold`;
}

/**
 * Where `text` (JSON) first nests deeper than `maxDepth`, as an offset, or null. One pass
 * over the characters, skipping strings; it does not check the syntax (JSON.parse does).
 */
export function jsonTooDeepAt(text: string, maxDepth = MAX_JSON_DEPTH): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/** 1-based line and column of an offset in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, column: offset - start + 1 };
}

export function tooDeepMessage(column?: number): string {
  return `JSON nested deeper than ${MAX_JSON_DEPTH} levels${column ? ` (column ${fmt(column)})` : ""}: not a structure this format has`;
}

/** JSON.parse of one line or document, refusing depth beyond the limit first; the message is for the caller to locate. */
export function parseJsonWithin(text: string): { ok: true; value: unknown } | { ok: false; message: string; offset?: number } {
  const deep = jsonTooDeepAt(text);
  if (deep !== null) return { ok: false, message: tooDeepMessage(lineColumnAt(text, deep).column), offset: deep };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: `invalid JSON: ${(e as Error).message}` };
  }
}
