// Which sampled items need an adjudicator: the raters disagree on some dimension, or someone
// chose a dimension's error or split category (e.g. gold "incorrect" / "uncertain"), or
// someone proposed a correction, or someone commented (a unanimous item with a comment may
// still hide a problem the rubric had no category for). Ratings are grouped by their key, so a
// per-turn dimension is judged turn by turn ("gold@t1" apart from "gold@t3"). Pure.
import { splitRatingKey } from "../audits/item-dimensions";

export interface TriageDimension {
  key: string;
  tieCategory: string;
  errorCategory?: string | null;
}

export interface TriageInput {
  ratings: { dimension: string; category: string }[];
  corrections: number;
  /** Raters who left a comment on the item. */
  comments?: number;
}

export type TriageReason = "disagreement" | "flagged" | "correction" | "commented";

export function triageReasons(rubric: TriageDimension[], input: TriageInput): TriageReason[] {
  const reasons = new Set<TriageReason>();
  const byKey = new Map<string, string[]>();
  for (const r of input.ratings) byKey.set(r.dimension, [...(byKey.get(r.dimension) ?? []), r.category]);
  for (const d of rubric) {
    for (const [ratingKey, values] of byKey) {
      if (splitRatingKey(ratingKey).key !== d.key) continue;
      if (new Set(values).size > 1) reasons.add("disagreement");
      if (values.some((v) => v === d.tieCategory || (d.errorCategory && v === d.errorCategory))) reasons.add("flagged");
    }
  }
  if (input.corrections > 0) reasons.add("correction");
  if ((input.comments ?? 0) > 0) reasons.add("commented");
  return [...reasons];
}

/** One item's majority label: the strict plurality, else the dimension's split category (null if unrated). */
export function itemMajority(values: string[], tieCategory: string): string | null {
  if (values.length === 0) return null;
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return sorted.length > 1 && sorted[0]![1] === sorted[1]![1] ? tieCategory : sorted[0]![0];
}
