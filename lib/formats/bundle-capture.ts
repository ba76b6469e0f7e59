// Where one JSON value of a bundle ends (bundle-scan.ts): the scanner hands over a value as it
// starts, and this reads on chunk by chunk (bracket depth, strings jumped over with indexOf, an
// escape that spans two chunks) until the value closes, keeping its text only when it is wanted.
// The inner loop of the bundle reader: every character inside a record passes through here.
import type { DomainMessage } from "../i18n/domain";
import { MAX_JSON_DEPTH } from "./reader-limits";

export const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  LBRACE = 0x7b,
  RBRACE = 0x7d,
  LBRACK = 0x5b,
  RBRACK = 0x5d;
export const COMMA = 0x2c,
  COLON = 0x3a,
  NL = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  TAB = 0x09;

/** Characters of numbers and of true/false/null: all that may appear outside strings besides structure. */
const SCALAR = new Uint8Array(128);
for (const ch of "0123456789+-.eEtruefalsn") SCALAR[ch.charCodeAt(0)] = 1;
const isScalar = (ch: number) => ch < 128 && SCALAR[ch] === 1;

/** A value being read: its text so far (when kept), brackets open, string state. */
export interface Capture {
  target: "key" | "member" | "record" | "root";
  key: string;
  index: number;
  line: number;
  keep: boolean;
  parts: string[];
  /** Where in the current chunk the not yet saved part starts. */
  from: number;
  stack: number[];
  inString: boolean;
  /** The previous chunk ended on an unpaired backslash inside a string. */
  escaped: boolean;
  /** A number or literal at the top of the value (ends at the first character that cannot be part of it). */
  scalar: boolean;
}

/**
 * The capture of a value that starts at `i` of chunk `c` (a quote, a bracket, or the first
 * character of a number or literal), or undefined when no value starts with that character.
 */
export function startCapture(c: string, i: number, at: Pick<Capture, "target" | "key" | "index" | "line" | "keep">): Capture | undefined {
  const ch = c.charCodeAt(i);
  const scalar = ch !== LBRACE && ch !== LBRACK && ch !== QUOTE;
  if (scalar && !isScalar(ch)) return undefined;
  // Listed, not spread: objects built by spreading `at` made the scan loop that reads them ~1.5× slower.
  const { target, key, index, line, keep } = at;
  return { target, key, index, line, keep, parts: [], from: i, stack: [], inString: false, escaped: false, scalar };
}

/** The scanner a capture reports to: the line it is on, and what becomes of the value. */
export interface CaptureHost {
  line: number;
  /** The value is complete (the last piece of its text is `tail`). */
  finish(tail: string): void;
  /** The value is broken at `at` of chunk `c`; returns the next index. */
  broken(c: string, at: number, cap: Capture): number;
  fail(said: DomainMessage): void;
}

/** Reads the captured value on from `i`; returns the next index (the chunk's end if it goes on). */
export function captureValue(host: CaptureHost, cap: Capture, c: string, i: number): number {
  const n = c.length;
  if (cap.scalar) {
    while (i < n && isScalar(c.charCodeAt(i))) i++;
    if (i < n) host.finish(c.slice(cap.from, i));
    return i;
  }
  const stack = cap.stack;
  // Raw line breaks are not allowed in strings: the first one after `i` bounds a string
  // that a stray quote left open, so a broken file fails near the break, not at its end.
  let nl = c.indexOf("\n", i);
  while (i < n) {
    if (cap.inString) {
      const close = stringEnd(c, i, cap);
      if (nl !== -1 && nl < i) nl = c.indexOf("\n", i);
      if (nl !== -1 && (close === -1 || nl < close)) return host.broken(c, nl, cap);
      if (close === -1) return n;
      cap.inString = false;
      i = close + 1;
      if (stack.length === 0) {
        host.finish(c.slice(cap.from, i)); // a string value
        return i;
      }
      continue;
    }
    const ch = c.charCodeAt(i);
    if (ch === QUOTE) cap.inString = true;
    else if (ch === LBRACE || ch === LBRACK) {
      // Records sit two levels down (the root object, its array). Deeper than any format nests:
      // refused here, before a recursive walk of the parsed value overflows the stack.
      if (stack.push(ch) + 2 > MAX_JSON_DEPTH) {
        host.fail({ code: "formats.bundleTooDeep", values: { max: String(MAX_JSON_DEPTH), line: host.line } });
        return n;
      }
    } else if (ch === RBRACE || ch === RBRACK) {
      if (stack.pop() !== (ch === RBRACE ? LBRACE : LBRACK)) return host.broken(c, i, cap);
      if (stack.length === 0) {
        host.finish(c.slice(cap.from, i + 1));
        return i + 1;
      }
    } else if (ch === NL) host.line++;
    else if (!(ch === COMMA || ch === COLON || ch === SPACE || ch === CR || ch === TAB || isScalar(ch))) return host.broken(c, i, cap);
    i++;
  }
  return n;
}

/**
 * Index of the quote that closes the string `i` is inside, or -1 when it goes on past this
 * chunk (then `cap.escaped` tells whether the chunk ended on an unpaired backslash).
 */
function stringEnd(c: string, i: number, cap: Capture): number {
  let carry = cap.escaped; // escapes c[i] (only ever the chunk's first character)
  cap.escaped = false;
  for (;;) {
    const q = c.indexOf('"', i);
    const stop = q === -1 ? c.length : q;
    // Backslashes right before the quote (or the chunk's end): an odd run escapes it.
    let k = stop - 1;
    while (k >= i && c.charCodeAt(k) === BACKSLASH) k--;
    let run = stop - 1 - k;
    if (k < i && carry) run++;
    carry = false;
    if (q === -1) {
      cap.escaped = run % 2 === 1;
      return -1;
    }
    if (run % 2 === 0) return q;
    i = q + 1;
  }
}
