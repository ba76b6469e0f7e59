import type { LatentClassSummary } from "./latent-class";
import type { AuditReport, ShownReport } from "./types";

/**
 * The report with each item summary cut to what the dashboard reads (ShownItem), the agreement's
 * majority cut to its counts (each item's label is in `items`), and each item's latent-class
 * posterior cut to P(error category) (the triage list ranks by it); the rest as is.
 */
export function shownReport(report: AuditReport): ShownReport {
  return {
    ...report,
    dimensions: report.dimensions.map((d) => ({
      ...d,
      items: d.items.map((i) => ({ itemId: i.itemId, majority: i.majority })),
      agreement: { ...d.agreement, majority: { counts: d.agreement.majority.counts, ties: d.agreement.majority.ties } },
      latentClass: d.latentClass && { ...withoutItems(d.latentClass), errorPosteriors: errorPosteriors(d.latentClass, d.errorCategory) },
    })),
  };
}

function withoutItems<T extends { items: unknown }>({ items: _, ...rest }: T): Omit<T, "items"> {
  return rest;
}

/** Each rated item's posterior probability of the error category, by item id; null without one. */
function errorPosteriors(lc: LatentClassSummary, errorCategory: string | null | undefined): Record<string, number> | null {
  const e = errorCategory ? lc.categories.indexOf(errorCategory) : -1;
  if (e < 0) return null;
  return Object.fromEntries(lc.items.map((i) => [i.itemId, i.posterior[e] as number]));
}
