// Tables as people save them: the separator a spreadsheet chose, header names typed by hand,
// Excel's trailing empty columns, files joined one after the other, UTF-16 "Unicode text".
// Pure helpers shared by the dataset CSV reader (csv-table.ts) and the agreement CLI's reader.

import type { DomainMessage, DomainValues } from "../i18n/domain";

export type Delimiter = "," | ";" | "\t";

const DELIMITERS: readonly Delimiter[] = [",", ";", "\t"];

/** How a delimiter is named in messages: `","`, `";"`, `tab`. */
export function delimiterName(d: Delimiter): string {
  return d === "\t" ? "tab" : JSON.stringify(d);
}

/**
 * The separator of a table from its first line: the one of `,` `;` tab found most often outside
 * quotes (a comma inside a quoted header name does not count). A tie or none at all is a comma.
 */
export function sniffDelimiter(head: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < head.length; i++) {
    const c = head[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && counts.has(c as Delimiter)) counts.set(c as Delimiter, (counts.get(c as Delimiter) ?? 0) + 1);
  }
  let best: Delimiter = ",";
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** The message for a file saved as UTF-16 (Excel's "Unicode text"), or null: a BOM or NULs between letters. */
export function utf16Cause(head: string): DomainMessage | null {
  // FF FE / FE FF decoded as UTF-8 are two replacement characters; as UTF-16 the BOM is U+FEFF.
  const bom = head.startsWith("\uFFFD\uFFFD") || head.startsWith("\uFFFE");
  const sample = head.slice(0, 200);
  const nuls = sample.split("\u0000").length - 1;
  if (bom || (sample.length >= 4 && nuls >= sample.length / 4)) return { code: "formats.utf16" };
  return null;
}

/** A header name compared loosely: case, surrounding spaces and `_` / space / `-` do not matter. */
export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
}

/** Header cells without Excel's trailing empty columns (`a,b,,`): how many were dropped. */
export function trimTrailingEmpty(header: readonly string[]): { names: string[]; dropped: number } {
  let end = header.length;
  while (end > 1 && (header[end - 1] ?? "").trim() === "") end--;
  return { names: header.slice(0, end).map((h) => h.trim()), dropped: header.length - end };
}

export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost));
    }
    prev = row;
  }
  return prev[b.length] as number;
}

/** The closest candidate within a third of its length (at least 1, at most 3 edits), or null. */
export function didYouMean(name: string, candidates: readonly string[]): string | null {
  const key = headerKey(name).replace(/_/g, "");
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(key, headerKey(c).replace(/_/g, ""));
    const limit = Math.min(3, Math.max(1, Math.floor(c.length / 3)));
    if (d <= limit && d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

export interface HeaderMatch {
  /** Per column: the canonical name it matched, else its name as written. */
  names: string[];
  /** Canonical name → column index, for the canonical names the header has. */
  index: Map<string, number>;
  /** Header names that differ from the canonical one they were read as. */
  renamed: { from: string; to: string }[];
  /** Canonical names matched by more than one column. */
  duplicates: string[];
}

/** Matches header cells to canonical column names by `headerKey`. */
export function matchHeader(names: readonly string[], canonical: readonly string[]): HeaderMatch {
  const byKey = new Map(canonical.map((c) => [headerKey(c), c] as const));
  const index = new Map<string, number>();
  const renamed: { from: string; to: string }[] = [];
  const duplicates: string[] = [];
  const matched = names.map((name, k) => {
    const c = byKey.get(headerKey(name));
    if (c === undefined) return name;
    if (index.has(c)) duplicates.push(c);
    else index.set(c, k);
    if (name !== c) renamed.push({ from: name, to: c });
    return c;
  });
  return { names: matched, index, renamed, duplicates };
}

/** `missing column(s): subject_id ("subjectid" in the header: did you mean subject_id?)`, up to two guesses. */
export function missingColumns(missing: readonly string[], names: readonly string[], canonical: readonly string[]): DomainMessage {
  const known = new Set(canonical.map(headerKey));
  const values: DomainValues = { missing: missing.join(", "), name: "none", guess: "", name2: "none", guess2: "" };
  let k = 0;
  for (const name of names) {
    if (known.has(headerKey(name))) continue;
    const guess = didYouMean(name, missing);
    if (guess && k < 2) {
      values[k === 0 ? "name" : "name2"] = JSON.stringify(name);
      values[k === 0 ? "guess" : "guess2"] = guess;
      k++;
    }
  }
  return { code: "formats.missingColumns", values };
}

/** True when a data row repeats the header (two files joined one after the other). */
export function isRepeatedHeader(fields: readonly string[], names: readonly string[]): boolean {
  const row = trimTrailingEmpty(fields).names;
  return row.length === names.length && row.every((f, k) => headerKey(f) === headerKey(names[k] ?? ""));
}

export function secondHeaderMessage(line: number, first: number): string {
  return `a second header row at line ${line} (the header is line ${first}): were two files joined? Remove it`;
}

/** What a table reader did that the user should know of (the interface words it from key + detail). */
export type TableNoteKey = "delimiter" | "renamed" | "emptyColumns";
export interface TableNote {
  key: TableNoteKey;
  line: number;
  /** English, for the command line and logs. */
  message: string;
  detail: Record<string, string | number>;
}

/** The notes of a header: a separator other than the comma, renamed columns, ignored empty columns. */
export function headerNotes(line: number, delimiter: Delimiter, dropped: number, renamed: HeaderMatch["renamed"]): TableNote[] {
  const notes: TableNote[] = [];
  if (delimiter !== ",")
    notes.push({
      key: "delimiter",
      line,
      message: `columns separated by ${delimiterName(delimiter)} (read from the header line)`,
      detail: { delimiter: delimiterName(delimiter) },
    });
  if (dropped > 0)
    notes.push({
      key: "emptyColumns",
      line,
      message: `${dropped} empty column(s) at the end of the header ignored`,
      detail: { count: dropped },
    });
  for (const { from, to } of renamed)
    notes.push({ key: "renamed", line, message: `column ${JSON.stringify(from)} read as ${to}`, detail: { from, to } });
  return notes;
}
