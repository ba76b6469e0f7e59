/**
 * Full-text search over the record, as a clinician searches: substring matching (no
 * tokenisation, because Chinese text has no spaces: "瘙痒" must match inside "皮肤瘙痒1周"),
 * ignoring case, accents and British/American spelling (search-fold.ts), with lab
 * abbreviations and their names found for each other (search-terms.ts). Hits are reported in
 * offsets of the original text, so highlights mark exactly what matched; overlapping matches of
 * equivalent terms count once.
 */
import { formatValue } from "./format";
import { foldQuery, foldText, originalSpan, type FoldedText } from "./search-fold";
import { atWordEdges, needlesFor, type Needle } from "./search-terms";
import type { ViewerEvent, ViewerNote } from "./types";

/** A searchable text field of one document, in display order. */
export interface SearchField {
  field: string;
  text: string;
}
export interface SearchDoc {
  key: string;
  fields: SearchField[];
}
interface IndexedDoc {
  key: string;
  fields: ({ field: string } & FoldedText)[];
}
export type SearchIndex = IndexedDoc[];

export interface SearchHit {
  /** Ordinal of the hit (0-based) across the whole result. */
  index: number;
  /** Document key: ViewerEvent.id for events, "noteNum:section" for notes. */
  key: string;
  field: string;
  start: number;
  end: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Document key → its hits, so each rendered row looks up only its own matches. */
  byKey: Map<string, SearchHit[]>;
}

export const EMPTY_RESULT: SearchResult = { hits: [], byKey: new Map() };

/**
 * Lower-cases without changing length. A few characters lower-case to two code units
 * ("İ" → "i̇"); those are kept as they are so every offset still lines up.
 */
export function foldCase(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = "";
  for (const ch of s) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Non-overlapping [start, end) ranges of `needle` in `haystack`; both already folded. */
export function findRanges(haystack: string, needle: string): [number, number][] {
  const out: [number, number][] = [];
  if (!needle) return out;
  let from = 0;
  for (;;) {
    const i = haystack.indexOf(needle, from);
    if (i < 0) return out;
    out.push([i, i + needle.length]);
    from = i + needle.length;
  }
}

/** Builds the folded index once per record (memoised by the caller), not once per keystroke. */
export function buildIndex(docs: readonly SearchDoc[]): SearchIndex {
  return docs.map((d) => ({ key: d.key, fields: d.fields.filter((f) => f.text).map((f) => ({ field: f.field, ...foldText(f.text) })) }));
}

/**
 * The index built on first use and kept: a viewer asks for it only once the reader searches, so
 * neither the server's render nor the browser's hydration folds a record nobody searched
 * (folding was ~10 % of the case page's server time on a 90-event record).
 */
export function lazyIndex(docs: () => readonly SearchDoc[]): () => SearchIndex {
  let index: SearchIndex | null = null;
  return () => (index ??= buildIndex(docs()));
}

/** Every needle's matches in one folded field, in order, overlaps dropped (the earlier, longer one wins). */
function matchField(folded: string, needles: readonly Needle[]): [number, number][] {
  if (needles.length === 1 && !needles[0]?.wholeWord) return findRanges(folded, (needles[0] as Needle).text);
  const all: [number, number][] = [];
  for (const n of needles) {
    for (const r of findRanges(folded, n.text)) {
      if (n.wholeWord && !atWordEdges(folded, r[0], r[1])) continue;
      if (!n.notBefore?.test(folded.slice(r[1], r[1] + 8))) all.push(r);
    }
  }
  all.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [];
  for (const r of all) if (!out.length || r[0] >= (out[out.length - 1] as [number, number])[1]) out.push(r);
  return out;
}

/** All hits in document and field order, so "next" moves down the page. */
export function search(index: SearchIndex, query: string): SearchResult {
  const needles = needlesFor(foldQuery(query));
  if (!needles.length) return EMPTY_RESULT;
  const hits: SearchHit[] = [];
  const byKey = new Map<string, SearchHit[]>();
  for (const doc of index) {
    for (const f of doc.fields) {
      for (const range of matchField(f.folded, needles)) {
        const [start, end] = originalSpan(f, range[0], range[1]);
        const hit: SearchHit = { index: hits.length, key: doc.key, field: f.field, start, end };
        hits.push(hit);
        const list = byKey.get(doc.key);
        if (list) list.push(hit);
        else byKey.set(doc.key, [hit]);
      }
    }
  }
  return { hits, byKey };
}

/** Field names used by event rows; item fields carry their panel position. */
export const eventField = {
  name: "name",
  measurementName: "m.name",
  measurementValue: "m.value",
  itemName: (i: number) => `i${i}.name`,
  itemValue: (i: number) => `i${i}.value`,
  text: "text",
} as const;

/**
 * Event → searchable fields in the order the row shows them. Values are searched as
 * displayed ("23.4 µmol/L"), so a hit always lands on visible text.
 */
export function eventDoc(e: ViewerEvent): SearchDoc {
  const fields: SearchField[] = [{ field: eventField.name, text: e.name }];
  if (e.measurement) {
    if (e.measurement.name && e.measurement.name !== e.name) fields.push({ field: eventField.measurementName, text: e.measurement.name });
    fields.push({ field: eventField.measurementValue, text: formatValue(e.measurement) ?? "" });
  }
  e.items.forEach((item, i) => {
    fields.push({ field: eventField.itemName(i), text: item.name });
    fields.push({ field: eventField.itemValue(i), text: formatValue(item) ?? "" });
  });
  if (e.text) fields.push({ field: eventField.text, text: e.text });
  return { key: e.id, fields };
}

/** Note → one doc for its title and one per section (heading, then text). */
export function noteDocs(notes: readonly ViewerNote[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const n of notes) {
    docs.push({ key: noteKey(n.noteNum, -1), fields: [{ field: "title", text: n.title ?? "" }] });
    n.sections.forEach((s, i) =>
      docs.push({
        key: noteKey(n.noteNum, i),
        fields: [
          { field: "heading", text: s.title },
          { field: "text", text: s.text },
        ],
      }),
    );
  }
  return docs;
}

/** Key of a note's title (section −1) or of one of its sections. */
export function noteKey(noteNum: number, section: number): string {
  return `${noteNum}:${section}`;
}

export interface EventSearchResult extends SearchResult {
  /** Benchmark event_ids of the matching events, unique, in record order. */
  eventIds: string[];
}

/** Convenience for callers that search events directly (tests, the lead's tooling). */
export function searchEvents(events: readonly ViewerEvent[], query: string): EventSearchResult {
  const result = search(buildIndex(events.map(eventDoc)), query);
  const eventIds = events.filter((e) => result.byKey.has(e.id)).map((e) => e.eventId);
  return { ...result, eventIds };
}

/** Ranges of one field of one document, for rendering <mark>s. */
export function rangesFor(hits: readonly SearchHit[] | undefined, field: string): SearchHit[] {
  return hits ? hits.filter((h) => h.field === field) : [];
}
