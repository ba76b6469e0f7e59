import { keptInterval } from "./latent-class";
import type { KeptLatentInterval } from "./snapshot";
import type { AuditReport } from "./types";

/**
 * The report of a snapshot whose only change is its kept intervals: `report` with each error rate's
 * interval taken from `intervals` as computeAuditReport would (the intervals are read nowhere else
 * in a report), so that an interval computed in the background does not recompute the whole report.
 */
export function withLatentIntervals(report: AuditReport, intervals: readonly KeptLatentInterval[] | undefined): AuditReport {
  return {
    ...report,
    dimensions: report.dimensions.map((d) => {
      const rate = d.latentClass?.errorRate;
      if (!d.latentClass || !rate) return d;
      const interval = keptInterval(intervals, d.key, rate.intervalInputs);
      return { ...d, latentClass: { ...d.latentClass, errorRate: { ...rate, interval } } };
    }),
  };
}
