// The adjudicated outcome beside the raw agreement: final label per item = the adjudicator's
// where there is one, else the majority vote. Pure; the raw report is never altered.
import { majorityAt } from "../reports/shown";
import type { ShownItems, ShownReport } from "../reports/types";

export interface AdjudicationRecord {
  itemId: string;
  finalLabels: Record<string, string>;
  removeItem: boolean;
}

export interface DimensionOutcome {
  key: string;
  label: string;
  counts: { category: string; label: string; count: number }[];
  /** Items whose final label differs from their majority vote. */
  changed: number;
}

export interface AdjudicatedOutcome {
  adjudicated: number;
  removed: number;
  /** (item, dimension) pairs where the adjudicator overrode the majority. */
  changedLabels: number;
  dimensions: DimensionOutcome[];
}

/** `items`: the report's majority labels per item (shownItems of the same report). */
export function adjudicatedOutcome(report: ShownReport, items: ShownItems, records: AdjudicationRecord[]): AdjudicatedOutcome {
  const byItem = new Map(records.map((r) => [r.itemId, r]));
  const removed = new Set(records.filter((r) => r.removeItem).map((r) => r.itemId));
  const dimensions = report.dimensions.map((d) => {
    const counts = new Map(d.categories.map((c) => [c.key, 0]));
    const majorityOf = majorityAt(items, d);
    let changed = 0;
    for (const [at, itemId] of items.itemIds.entries()) {
      const majority = majorityOf(at);
      if (majority === null || removed.has(itemId)) continue;
      const final = byItem.get(itemId)?.finalLabels[d.key] ?? majority;
      if (final !== majority) changed++;
      counts.set(final, (counts.get(final) ?? 0) + 1);
    }
    return {
      key: d.key,
      label: d.label,
      counts: d.categories.map((c) => ({ category: c.key, label: c.label, count: counts.get(c.key) ?? 0 })),
      changed,
    };
  });
  return { adjudicated: records.length, removed: removed.size, changedLabels: dimensions.reduce((n, d) => n + d.changed, 0), dimensions };
}

/**
 * The same outcome with the labels of `report` (the reader's language): the counts are computed
 * once, from the report's items, and only named again for each reader.
 */
export function relabelOutcome(outcome: AdjudicatedOutcome, report: ShownReport): AdjudicatedOutcome {
  const byKey = new Map(report.dimensions.map((d) => [d.key, d]));
  return {
    ...outcome,
    dimensions: outcome.dimensions.map((o) => {
      const d = byKey.get(o.key);
      if (!d) return o;
      const labelOf = new Map(d.categories.map((c) => [c.key, c.label]));
      return { ...o, label: d.label, counts: o.counts.map((c) => ({ ...c, label: labelOf.get(c.category) ?? c.label })) };
    }),
  };
}
