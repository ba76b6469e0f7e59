// Splits a MIMIC-style discharge summary into its canonical sections, so the
// review UI can jump to the (note, header) pairs a source turn cites.
import type { NoteSection } from "./model";

export const CANONICAL_HEADERS = [
  "Chief Complaint",
  "Major Surgical or Invasive Procedure",
  "History of Present Illness",
  "Past Medical History",
  "Allergies",
  "Physical Exam",
  "Pertinent Results",
  "Brief Hospital Course",
  "Medications on Admission",
  "Discharge Medications",
  "Discharge Disposition",
  "Discharge Diagnosis",
  "Discharge Condition",
  "Discharge Instructions",
  "Followup Instructions",
  "Social History",
  "Family History",
] as const;
export type CanonicalHeader = (typeof CANONICAL_HEADERS)[number];

// Lower-cased lookup key: case and the hyphen/space in "Follow-up" vary across notes.
function headerKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/follow[- ]up/, "followup")
    .replace(/\s+/g, " ")
    .trim();
}
const BY_KEY = new Map<string, CanonicalHeader>(CANONICAL_HEADERS.map((h) => [headerKey(h), h]));

/** The canonical spelling of a header, or undefined if it is not one of the known titles. */
export function canonicalHeader(s: string): CanonicalHeader | undefined {
  return BY_KEY.get(headerKey(s));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Longest titles first so "Discharge Medications" never matches as a prefix of
// something longer. A header sits at a line start, followed by a colon or by the
// end of its line (some exports drop the colon); "Chief Complaint: fever" counts.
const HEADER_RE = new RegExp(
  String.raw`^[ \t]*(` +
    [...CANONICAL_HEADERS]
      .sort((a, b) => b.length - a.length)
      .map((h) => escapeRe(h).replace(/ /g, "[ \\t]+").replace("Followup", "Follow[- ]?up"))
      .join("|") +
    String.raw`)[ \t]*(?::|(?=\r?\n|$))`,
  "gim",
);

/**
 * Sections in text order. `start` is where the raw title begins, `end` is where
 * the next recognized header's line begins (trailing whitespace trimmed), so
 * `text.slice(start + rawTitle.length, end)` is the body.
 */
export function splitSections(text: string): NoteSection[] {
  const found: { title: string; rawTitle: string; start: number; lineStart: number }[] = [];
  HEADER_RE.lastIndex = 0;
  for (let m = HEADER_RE.exec(text); m; m = HEADER_RE.exec(text)) {
    const title = canonicalHeader(m[1] as string);
    if (!title) continue;
    const lead = m[0].length - m[0].trimStart().length;
    found.push({ title, rawTitle: m[0].slice(lead), start: m.index + lead, lineStart: m.index });
    if (m[0].length === 0) HEADER_RE.lastIndex++;
  }
  return found.map((s, k) => {
    const next = found[k + 1];
    let end = next ? next.lineStart : text.length;
    const minEnd = s.start + s.rawTitle.length;
    while (end > minEnd && /\s/.test(text[end - 1] as string)) end--;
    return { title: s.title, rawTitle: s.rawTitle, start: s.start, end };
  });
}

/** Body text of a section (without its header). */
export function sectionBody(text: string, section: NoteSection): string {
  return text.slice(section.start + section.rawTitle.length, section.end).trim();
}

// A line that starts with a title and a colon ("Hospital Course:", "Code status: full"):
// how notes write headers that are not among the canonical ones.
const HEADER_LIKE_RE = /^[ \t]*([A-Za-z][A-Za-z0-9 /&,'()-]{1,60}?)[ \t]*:/gm;

/**
 * Lower-cased headers a note can be said to have: its canonical sections plus any
 * "Title:" at a line start. Compact (a few dozen strings a note), so the validation pass can
 * keep it for every note and check what source options cite without keeping the text.
 */
export function noteHeaderKeys(text: string, sections: readonly NoteSection[]): Set<string> {
  const keys = new Set(sections.map((s) => s.title.toLowerCase()));
  HEADER_LIKE_RE.lastIndex = 0;
  for (let m = HEADER_LIKE_RE.exec(text); m; m = HEADER_LIKE_RE.exec(text)) keys.add((m[1] as string).replace(/\s+/g, " ").toLowerCase());
  return keys;
}

/** Whether a cited header (as written in a source option) is one of `keys` (noteHeaderKeys). */
export function noteHasHeader(keys: ReadonlySet<string>, header: string): boolean {
  const canonical = canonicalHeader(header);
  return keys.has((canonical ?? header).toLowerCase()) || keys.has(header.replace(/\s+/g, " ").trim().toLowerCase());
}
