/**
 * The one ordering every report and export uses: dimensions in rubric order, items in sample order,
 * raters in snapshot order. The agreement engine orders items and raters by first appearance and
 * sums in that order, so the long CSV must list ratings exactly as they were fed to the engine for
 * `clinaudit agreement --json` to reproduce the report to the last digit. Both go through
 * `dimensionRatings`.
 */
import type { LongRating } from "../agreement/long-format";
import type { AuditSnapshot } from "./types";

export type SnapshotItem = AuditSnapshot["items"][number];

/** Code-unit comparison: unlike localeCompare it does not depend on the ICU data of the runtime. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Items by sampleOrder; equal orders (should not happen) fall back to externalId so output stays stable. */
export function sortedItems(s: AuditSnapshot): SnapshotItem[] {
  return [...s.items].sort((a, b) => a.sampleOrder - b.sampleOrder || compareText(a.externalId, b.externalId));
}

/** A dimension's ratings as the engine takes them: item = externalId, rater = label, sorted as above. */
export function dimensionRatings(s: AuditSnapshot, dimension: string, items: readonly SnapshotItem[] = sortedItems(s)): LongRating[] {
  const itemRank = new Map(items.map((item, i) => [item.id, i] as const));
  const raterRank = new Map(s.raters.map((r, g) => [r.id, g] as const));
  const externalId = new Map(s.items.map((item) => [item.id, item.externalId] as const));
  const label = new Map(s.raters.map((r) => [r.id, r.label] as const));
  return s.ratings
    .filter((r) => r.dimension === dimension && itemRank.has(r.itemId))
    .sort(
      (a, b) =>
        (itemRank.get(a.itemId) ?? 0) - (itemRank.get(b.itemId) ?? 0) || (raterRank.get(a.raterId) ?? 0) - (raterRank.get(b.raterId) ?? 0),
    )
    .map((r) => ({ item: externalId.get(r.itemId) ?? r.itemId, rater: label.get(r.raterId) ?? r.raterId, category: r.category }));
}

/**
 * Natural order for chapter and level names ("Chapter 2" before "Chapter 10"), digit runs compared
 * by value, everything else by code unit. Hand-written rather than Intl.Collator so the order — and
 * so the bytes of every export — cannot change with the runtime's locale data. null sorts last.
 */
export function naturalCompare(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] ?? "";
    const y = pb[i] ?? "";
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y)) {
      const nx = x.replace(/^0+(?=\d)/, "");
      const ny = y.replace(/^0+(?=\d)/, "");
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return compareText(nx, ny);
      continue; // same value, different zero padding: decided by the final tie-break
    }
    return compareText(x, y);
  }
  return pa.length - pb.length || compareText(a, b);
}
