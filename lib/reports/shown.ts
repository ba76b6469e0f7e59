import type { AuditReport, ShownItems, ShownReport } from "./types";

/**
 * The report as the dashboard keeps it: without its per-item summaries, the agreement's majority
 * cut to its counts, the latent-class fit without each item's posterior; the rest as is. What the
 * pages read per item is in shownItems.
 */
export function shownReport(report: AuditReport): ShownReport {
  return {
    ...report,
    dimensions: report.dimensions.map(({ items: _, ...d }) => ({
      ...d,
      agreement: { ...d.agreement, majority: { counts: d.agreement.majority.counts, ties: d.agreement.majority.ties } },
      latentClass: d.latentClass && withoutItems(d.latentClass),
    })),
  };
}

function withoutItems<T extends { items: unknown }>({ items: _, ...rest }: T): Omit<T, "items"> {
  return rest;
}

/**
 * Each item's majority label and, where the dimension has an error category and a latent-class
 * fit, its posterior P(error category): typed arrays in one item order (the items as the
 * dimensions list them, each once).
 */
export function shownItems(report: AuditReport): ShownItems {
  const index = new Map<string, number>();
  for (const d of report.dimensions) for (const i of d.items) if (!index.has(i.itemId)) index.set(i.itemId, index.size);
  const majorities = new Map<string, Int16Array>();
  const errorPosteriors = new Map<string, Float64Array>();
  for (const d of report.dimensions) {
    const category = new Map(d.categories.map((c, k) => [c.key, k]));
    const majority = new Int16Array(index.size).fill(-1);
    for (const i of d.items) if (i.majority !== null) majority[index.get(i.itemId)!] = category.get(i.majority) ?? -1;
    majorities.set(d.key, majority);
    const lc = d.latentClass;
    const e = lc && d.errorCategory ? lc.categories.indexOf(d.errorCategory) : -1;
    if (lc && e >= 0) {
      const posterior = new Float64Array(index.size).fill(Number.NaN);
      for (const i of lc.items) {
        const at = index.get(i.itemId);
        if (at !== undefined) posterior[at] = i.posterior[e] as number;
      }
      errorPosteriors.set(d.key, posterior);
    }
  }
  return { itemIds: [...index.keys()], majorities, errorPosteriors };
}

type MajorityDimension = { key: string; categories: readonly { key: string }[] };

/** A dimension's majority label of the item at a place of `items.itemIds` (null: none), from shownItems. */
export function majorityAt(items: ShownItems, dimension: MajorityDimension): (at: number) => string | null {
  const majority = items.majorities.get(dimension.key);
  return (at) => {
    const k = majority?.[at] ?? -1;
    return k >= 0 ? (dimension.categories[k]?.key ?? null) : null;
  };
}

/** Each item's majority label in a dimension, by item id (null: none). */
export function majorityLabels(items: ShownItems, dimension: MajorityDimension): Map<string, string | null> {
  const of = majorityAt(items, dimension);
  return new Map(items.itemIds.map((id, at) => [id, of(at)]));
}
