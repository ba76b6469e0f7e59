// RTF (a note as `text/rtf`, as EHRs write them) → plain text, in one pass over the input:
// control words are dropped, \par and \line become line breaks, \'hh is a byte in the
// document's code page (windows-1252 unless \ansicpgN names another: 936 GBK for Chinese notes,
// 950 Big5, 932 Shift-JIS, 949, 125x, 874, 65001 UTF-8), \uN a Unicode code unit (its \ucN
// fallback characters skipped). Groups that are not text (\fonttbl, \colortbl, \stylesheet,
// \info, \pict, \*\… destinations) are skipped whole. No regular expressions; nesting is capped,
// so a hostile file costs its length and no more.
//
// Why not a kept library (evaluated December 2026 from the registry's tarballs, issue #32):
// - rtf-stream-parser 3.8.1: built to de-encapsulate Outlook's HTML/text; its plain-text class
//   (ToPlainText) is not exported from the package; it prints \info's title and \pict's hex as
//   text; 2.5 M \'hh escapes take 9.5 s and 3 M control words 4.4 s (this file: well under 1 s);
//   groups are a prototype chain with no depth limit.
// - rtf-parser 1.3.3 (and @iarna/rtf-to-html 1.1.0, built on it): \ucN ignored (the fallback
//   bytes of \u20320\'c4\'e3 printed), \pict hex printed, and 20 000 nested groups throw
//   "Maximum call stack size exceeded" from inside its stream, out of any caller's try.
// - rtf.js 3.0.9: renders into a browser DOM (document.createElement); no DOM on the server.
import type { DomainMessage } from "../../i18n/domain";

/** Deeper nesting than this is refused (real notes nest a handful of groups). */
export const MAX_RTF_DEPTH = 64;

const SKIPPED_DESTINATIONS = new Set([
  "fonttbl",
  "colortbl",
  "stylesheet",
  "info",
  "pict",
  "header",
  "footer",
  "headerl",
  "headerr",
  "footerl",
  "footerr",
  "listtable",
  "listoverridetable",
  "revtbl",
  "rsidtbl",
  "generator",
  "object",
  "themedata",
  "colorschememapping",
  "latentstyles",
  "datastore",
  "xmlnstbl",
]);
const BREAKS: Record<string, string> = { par: "\n", line: "\n", sect: "\n\n", page: "\n\n", tab: "\t", row: "\n", cell: "\t" };
const SYMBOLS: Record<string, string> = {
  emdash: "—",
  endash: "–",
  bullet: "•",
  lquote: "‘",
  rquote: "’",
  ldblquote: "“",
  rdblquote: "”",
};

const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isDigit = (c: number) => c >= 48 && c <= 57;
const hexValue = (c: number) => (isDigit(c) ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1);

/** \ansicpgN → the WHATWG encoding label TextDecoder knows it by (windows-N for the rest). */
const CODE_PAGES: Record<number, string> = {
  936: "gbk",
  54936: "gb18030",
  950: "big5",
  932: "shift_jis",
  949: "euc-kr",
  874: "windows-874",
  10000: "macintosh",
  20866: "koi8-r",
  28591: "iso-8859-1",
  65001: "utf-8",
};

function decoderFor(codePage: number): TextDecoder {
  try {
    return new TextDecoder(CODE_PAGES[codePage] ?? `windows-${codePage}`);
  } catch {
    return new TextDecoder("windows-1252");
  }
}

interface Group {
  skip: boolean;
  /** \ucN: fallback characters after a \u. */
  uc: number;
}

export type RtfText = { ok: true; text: string } | { ok: false; said: DomainMessage };

/** `rtf` is the document as a binary string (one character per byte: latin1). */
export function rtfToText(rtf: string): RtfText {
  const out: string[] = [];
  const stack: Group[] = [];
  let group: Group = { skip: false, uc: 1 };
  let decoder = decoderFor(1252);
  let bytes: number[] = [];
  let pendingSkip = 0; // fallback characters still to drop after a \uN
  const flushBytes = () => {
    if (bytes.length > 0) {
      out.push(decoder.decode(Uint8Array.from(bytes)));
      bytes = [];
    }
  };
  const emit = (s: string) => {
    if (group.skip) return;
    if (pendingSkip > 0) {
      pendingSkip--;
      return;
    }
    flushBytes();
    out.push(s);
  };
  let i = 0;
  const n = rtf.length;
  while (i < n) {
    const c = rtf.charCodeAt(i);
    if (c === 123) {
      // {
      if (stack.length >= MAX_RTF_DEPTH) return { ok: false, said: { code: "formats.rtfTooDeep", values: { max: String(MAX_RTF_DEPTH) } } };
      stack.push(group);
      group = { ...group };
      i++;
      // {\*\dest …}: an ignorable destination.
      if (rtf.charCodeAt(i) === 92 && rtf.charCodeAt(i + 1) === 42) group.skip = true;
      continue;
    }
    if (c === 125) {
      // }
      flushBytes();
      group = stack.pop() ?? group;
      pendingSkip = 0;
      i++;
      continue;
    }
    if (c === 13 || c === 10) {
      i++; // line ends in RTF source are not text
      continue;
    }
    if (c !== 92) {
      emit(rtf[i] as string);
      i++;
      continue;
    }
    // A backslash: a control symbol or a control word.
    const next = rtf.charCodeAt(i + 1);
    if (Number.isNaN(next)) break;
    if (!isLetter(next)) {
      i += 2;
      if (next === 39) {
        // \'hh
        const hi = hexValue(rtf.charCodeAt(i));
        const lo = hexValue(rtf.charCodeAt(i + 1));
        if (hi >= 0 && lo >= 0) {
          i += 2;
          if (group.skip) continue;
          if (pendingSkip > 0) pendingSkip--;
          else bytes.push(hi * 16 + lo);
        }
      } else if (next === 92 || next === 123 || next === 125) emit(String.fromCharCode(next));
      else if (next === 126) emit("\u00a0");
      else if (next === 95) emit("\u2011");
      else if (next === 42) group.skip = true;
      else if (next === 13 || next === 10) emit("\n"); // \<newline> is \par
      continue;
    }
    let j = i + 1;
    while (j < n && j - i <= 32 && isLetter(rtf.charCodeAt(j))) j++;
    const word = rtf.slice(i + 1, j);
    let sign = 1;
    if (rtf.charCodeAt(j) === 45) {
      sign = -1;
      j++;
    }
    const digitsFrom = j;
    while (j < n && j - digitsFrom < 10 && isDigit(rtf.charCodeAt(j))) j++;
    const param = j > digitsFrom ? sign * Number(rtf.slice(digitsFrom, j)) : undefined;
    if (rtf.charCodeAt(j) === 32) j++; // the delimiting space belongs to the control word
    i = j;
    if (SKIPPED_DESTINATIONS.has(word)) group.skip = true;
    else if (word === "ansicpg" && param !== undefined) decoder = decoderFor(param);
    else if (word === "uc" && param !== undefined) group.uc = Math.max(0, Math.min(param, 8));
    else if (word === "u" && param !== undefined) {
      const unit = param < 0 ? param + 65536 : param;
      emit(String.fromCharCode(unit & 0xffff));
      if (!group.skip) pendingSkip = group.uc;
    } else if (BREAKS[word] !== undefined) emit(BREAKS[word] as string);
    else if (SYMBOLS[word] !== undefined) emit(SYMBOLS[word] as string);
  }
  flushBytes();
  const text = out
    .join("")
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .trim();
  return { ok: true, text };
}
