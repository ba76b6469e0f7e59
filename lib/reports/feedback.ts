/**
 * Raters' comments and discussion flags as part of the report (report.json, report.md), as the
 * comments CSV holds them: items are external ids, raters labels (R1…Rn), never names. Comments
 * in sample order then rater; flagged items in sample order with the raters who flagged them.
 * Pure; the same rows give the same bytes.
 */
import { sortComments, type CommentRow } from "./comments";
import type { AuditSnapshot } from "./types";

export interface ReportFeedback {
  comments: { item: string; rater: string; savedAt: string | null; ratings: Record<string, string | null>; text: string }[];
  flagged: { item: string; raters: string[] }[];
}

const raterNumber = (label: string) => Number(label.replace(/^\D+/, "")) || 0;

export function reportFeedback(snapshot: AuditSnapshot, comments: readonly CommentRow[]): ReportFeedback {
  const label = new Map(snapshot.raters.map((r) => [r.id, r.label]));
  const flaggedBy = new Map<string, string[]>();
  for (const w of snapshot.work ?? [])
    if (w.flagged) flaggedBy.set(w.itemId, [...(flaggedBy.get(w.itemId) ?? []), label.get(w.raterId) ?? "?"]);
  const dimensions = snapshot.rubric.map((d) => d.key);
  return {
    comments: sortComments(comments).map((c) => ({
      item: c.externalId,
      rater: c.rater,
      savedAt: c.savedAt,
      // Every dimension, in rubric order (null where the rater left it unrated): a fixed shape.
      ratings: Object.fromEntries(dimensions.map((d) => [d, c.ratings[d] ?? null])),
      text: c.text,
    })),
    flagged: [...snapshot.items]
      .sort((a, b) => a.sampleOrder - b.sampleOrder)
      .filter((i) => flaggedBy.has(i.id))
      .map((i) => ({ item: i.externalId, raters: flaggedBy.get(i.id)!.sort((a, b) => raterNumber(a) - raterNumber(b)) })),
  };
}
