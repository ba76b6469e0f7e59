/**
 * `rating-times.csv`: `dimension,item,rater,rated_at,queue_position,active_ms`, one row per rating in
 * the order of ratings-long.csv (dimension, sample order, rater), so the package's scripts can
 * recompute the agreement-over-time windows (over-time.ts) from the two files: `rated_at` is when
 * the rating was last given (ISO UTC, empty when not stated), `queue_position` the item's place in
 * that rater's own queue (sample order when not stated), `active_ms` their measured active time on
 * the item (0: none). Same snapshot, same bytes.
 */
import { csvText, type CsvValue } from "../csv";
import { sortedItems } from "./ordering";
import type { AuditSnapshot } from "./types";

export function ratingTimesCsv(s: AuditSnapshot): string {
  const items = sortedItems(s);
  const key = (itemId: string, raterId: string) => `${itemId}\u0000${raterId}`;
  const work = new Map((s.work ?? []).map((w) => [key(w.itemId, w.raterId), w] as const));
  const rows: CsvValue[][] = [["dimension", "item", "rater", "rated_at", "queue_position", "active_ms"]];
  for (const d of s.rubric) {
    const rated = new Map(s.ratings.filter((r) => r.dimension === d.key).map((r) => [key(r.itemId, r.raterId), r] as const));
    for (const item of items) {
      for (const rater of s.raters) {
        const r = rated.get(key(item.id, rater.id));
        if (!r) continue;
        const w = work.get(key(item.id, rater.id));
        rows.push([d.key, item.externalId, rater.label, r.at ?? "", w?.position ?? item.sampleOrder, w?.activeMs ?? 0]);
      }
    }
  }
  return csvText(rows);
}
