// Parses the evidence ("source") options of EHRNote-ChatQA:
//   "Note #1 Chartdate: 2150-03-02 Headers: Brief Hospital Course, Discharge Medications"
// An option may cite several notes, either separated by ";" / newlines or by
// simply repeating "Note #N …", so the text is cut at every "Note #N" and each
// segment is read on its own.
import { canonicalHeader } from "./sections";

export interface SourceOptionRef {
  noteNum: number;
  /** As written (not validated here), or undefined when the segment has none. */
  chartdate?: string;
  /** Canonical spelling when the header is a known title, otherwise trimmed as written. */
  headers: string[];
}

const NOTE_RE = /Note\s*#\s*(\d+)/gi;
const CHARTDATE_RE = /Chart\s*date\s*:\s*([^\s,;)]+)/i;
const HEADERS_RE = /Headers?\s*:\s*([\s\S]*)$/i;
/**
 * A list separator, or "and" with whitespace around it. `\s+and` is tried only where the
 * whitespace before "and" can first be reached (its run's first character that is not "\n",
 * as "\n" splits on its own first): retried from every character of a long run it is quadratic.
 */
const HEADER_SEPARATOR_RE = /[,;|\n]|(?=[^\S\n])(?<![^\S\n]\n*)\s+and\s+/i;

export function parseSourceOption(text: string): SourceOptionRef[] {
  const marks: { index: number; end: number; noteNum: number }[] = [];
  NOTE_RE.lastIndex = 0;
  for (let m = NOTE_RE.exec(text); m; m = NOTE_RE.exec(text)) {
    marks.push({ index: m.index, end: m.index + m[0].length, noteNum: Number(m[1]) });
  }
  return marks.map((mark, k) => {
    const segment = text.slice(mark.end, marks[k + 1]?.index ?? text.length);
    const ref: SourceOptionRef = { noteNum: mark.noteNum, headers: [] };
    const date = CHARTDATE_RE.exec(segment);
    if (date) ref.chartdate = date[1] as string;
    const headers = HEADERS_RE.exec(segment);
    if (headers) {
      ref.headers = (headers[1] as string)
        .split(HEADER_SEPARATOR_RE)
        .map((h) =>
          h
            .trim()
            .replace(/[.)\]]+$/, "")
            .trim(),
        )
        .filter((h) => h !== "" && !/^and$/i.test(h))
        .map((h) => canonicalHeader(h) ?? h);
    }
    return ref;
  });
}

/** Order-insensitive identity of an option's cited evidence; used to spot duplicate options. */
export function sourceKey(refs: readonly { noteNum: number; headers: readonly string[] }[]): string {
  const byNote = new Map<number, Set<string>>();
  for (const r of refs) {
    const set = byNote.get(r.noteNum) ?? new Set<string>();
    for (const h of r.headers) set.add(h.toLowerCase());
    byNote.set(r.noteNum, set);
  }
  return [...byNote.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([n, hs]) => `${n}:${[...hs].sort().join("|")}`)
    .join(";");
}
