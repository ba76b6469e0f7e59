/**
 * Warnings about ratings that read without error but would give a quietly wrong number: item ids
 * that differ only by leading zeros or case (Excel turns 0012 into 12 in one rater's sheet), items
 * rated once where the others have more (they drop out of every coefficient, unseen), and raters who
 * share no item with any other rater. An item with 2 of 3 ratings still counts: designs leave gaps.
 */
import type { RatingRow } from "./long";
import { dimensionValues, listValues, type RatingsMessage } from "./messages";

/** An id compared loosely: case, and zeros leading any run of digits (0012 → 12, Q007 → q7). */
const looseId = (id: string) => id.toLowerCase().replace(/(^|\D)0+(?=\d)/g, "$1");

/** Rows grouped by dimension, in order of first appearance. */
export function byDimension(rows: readonly RatingRow[]): Map<string | null, RatingRow[]> {
  const groups = new Map<string | null, RatingRow[]>();
  for (const row of rows) {
    const group = groups.get(row.dimension);
    if (group) group.push(row);
    else groups.set(row.dimension, [row]);
  }
  return groups;
}

export function ratingWarnings(rows: readonly RatingRow[]): RatingsMessage[] {
  const warnings: RatingsMessage[] = [];
  const ids = new Map<string, Set<string>>();
  for (const r of rows) ids.set(looseId(r.item), (ids.get(looseId(r.item)) ?? new Set()).add(r.item));
  const clashes = [...ids.values()].filter((s) => s.size > 1).map((s) => [...s].map((x) => JSON.stringify(x)).join(" / "));
  if (clashes.length > 0) warnings.push({ code: "idClash", values: listValues(clashes) });
  for (const [dimension, group] of byDimension(rows)) {
    const count = new Map<string, number>();
    const itemsOf = new Map<string, Set<string>>();
    for (const r of group) {
      count.set(r.item, (count.get(r.item) ?? 0) + 1);
      itemsOf.set(r.rater, (itemsOf.get(r.rater) ?? new Set()).add(r.item));
    }
    const most = Math.max(...count.values());
    const once = [...count].filter(([, n]) => n === 1).map(([item]) => item);
    if (most > 1 && once.length > 0)
      warnings.push({
        code: "fewRatings",
        values: { ...dimensionValues(dimension), once: once.length, items: count.size, most, ...listValues(once) },
      });
    const raters = [...itemsOf.keys()];
    const alone = raters.filter((g) => raters.every((h) => h === g || ![...(itemsOf.get(g) ?? [])].some((i) => itemsOf.get(h)?.has(i))));
    if (raters.length > 1 && alone.length > 0)
      warnings.push({ code: "noOverlap", values: { ...dimensionValues(dimension), ...listValues(alone) } });
  }
  return warnings;
}
