/**
 * The one ordering every report and export uses: dimensions in rubric order, items in sample order,
 * raters in snapshot order. The agreement engine orders items and raters by first appearance and
 * sums in that order, so the long CSV must list ratings exactly as they were fed to the engine for
 * `clinaudit agreement --json` to reproduce the report to the last digit. Both go through
 * `dimensionRatings`.
 */
import type { LongRating } from "../agreement/long-format";
import type { AuditSnapshot } from "./snapshot";

export type SnapshotItem = AuditSnapshot["items"][number];

/** Code-unit comparison: unlike localeCompare it does not depend on the ICU data of the runtime. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Per snapshot, computed once: the sorted items and every dimension's ratings in engine order. A
 * report walks the ratings once instead of once per dimension (a conversation audit of 4,745
 * conversations has a dozen per-turn dimensions and ~50,000 ratings). Snapshots are not changed
 * after they are loaded; the index lives as long as the snapshot object.
 */
interface SnapshotIndex {
  items: SnapshotItem[];
  byDimension: Map<string, LongRating[]>;
}

const indexes = new WeakMap<AuditSnapshot, SnapshotIndex>();

function snapshotIndex(s: AuditSnapshot): SnapshotIndex {
  let index = indexes.get(s);
  if (!index) {
    const items = [...s.items].sort((a, b) => a.sampleOrder - b.sampleOrder || compareText(a.externalId, b.externalId));
    index = { items, byDimension: engineOrder(s, s.ratings, items) };
    indexes.set(s, index);
  }
  return index;
}

/** The ratings of these items, grouped by dimension, each group in engine order. */
function engineOrder(s: AuditSnapshot, ratings: AuditSnapshot["ratings"], items: readonly SnapshotItem[]): Map<string, LongRating[]> {
  const itemRank = new Map(items.map((item, i) => [item.id, i] as const));
  const raterRank = new Map(s.raters.map((r, g) => [r.id, g] as const));
  const externalId = new Map(s.items.map((item) => [item.id, item.externalId] as const));
  const label = new Map(s.raters.map((r) => [r.id, r.label] as const));
  const sorted = ratings
    .filter((r) => itemRank.has(r.itemId))
    .sort(
      (a, b) =>
        (itemRank.get(a.itemId) ?? 0) - (itemRank.get(b.itemId) ?? 0) || (raterRank.get(a.raterId) ?? 0) - (raterRank.get(b.raterId) ?? 0),
    );
  const byDimension = new Map<string, LongRating[]>();
  for (const r of sorted) {
    let list = byDimension.get(r.dimension);
    if (!list) byDimension.set(r.dimension, (list = []));
    list.push({ item: externalId.get(r.itemId) ?? r.itemId, rater: label.get(r.raterId) ?? r.raterId, category: r.category });
  }
  return byDimension;
}

/**
 * Items by sampleOrder; equal orders (should not happen) fall back to externalId so output stays
 * stable. The same array for every call on one snapshot: do not change it.
 */
export function sortedItems(s: AuditSnapshot): readonly SnapshotItem[] {
  return snapshotIndex(s).items;
}

/**
 * A dimension's ratings as the engine takes them: item = externalId, rater = label, sorted as above.
 * A fresh array each call (from the snapshot's index when `items` are its sorted items).
 */
export function dimensionRatings(s: AuditSnapshot, dimension: string, items: readonly SnapshotItem[] = sortedItems(s)): LongRating[] {
  const index = snapshotIndex(s);
  if (items === index.items) return [...(index.byDimension.get(dimension) ?? [])];
  const ratings = s.ratings.filter((r) => r.dimension === dimension);
  return engineOrder(s, ratings, items).get(dimension) ?? [];
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
