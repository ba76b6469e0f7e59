/**
 * From engine 2's replicate sums to intervals (shared-report.ts): every statistic registers
 * its per-patient columns, the draws run once, then each statistic reads its columns' sums
 * per replicate and finishes its interval (`Pending`).
 */
import { percentileInterval } from "./bootstrap-settings";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { ReplicateSums } from "./replicate-sums";
import type { PercentileInterval } from "./types";

/** Column ids of a (correct, total) pair of per-patient columns. */
export type SumIds = { correct: number; total: number };

/** Registers a per-patient column of the report's patients from a clustering's ids and values; returns its id. */
export type ColumnOf = (ids: readonly string[], values: Int32Array, group: string) => number;

/** A statistic whose replicates are computed once the draws have run. */
export interface Pending {
  finish(): void;
}

/** Replicate sums of `all` minus those of every `others` entry: [correct, total]. */
export function remainder(sums: ReplicateSums, r: { all: SumIds; others: SumIds[] }): [Int32Array, Int32Array] {
  const correct = Int32Array.from(sums.sums(r.all.correct));
  const total = Int32Array.from(sums.sums(r.all.total));
  for (const o of r.others) {
    const c = sums.sums(o.correct);
    const t = sums.sums(o.total);
    for (let i = 0; i < correct.length; i++) {
      correct[i] = (correct[i] as number) - (c[i] as number);
      total[i] = (total[i] as number) - (t[i] as number);
    }
  }
  return [correct, total];
}

/** Per replicate correct / total; NaN where the replicate drew no case, counted in `degenerate`. */
export function ratios(correct: Int32Array, total: Int32Array): { values: Float64Array; degenerate: number } {
  const values = new Float64Array(total.length);
  let degenerate = 0;
  for (let i = 0; i < total.length; i++) {
    const t = total[i] as number;
    if (t === 0) degenerate++;
    values[i] = t === 0 ? NaN : (correct[i] as number) / t;
  }
  return { values, degenerate };
}

/** `what`: the group, or null for the cases as a whole. */
export function interval(estimate: number, replicates: Float64Array, level: number, what: string | null): PercentileInterval {
  if (replicates.every(Number.isNaN))
    throw new EvaluationInputError(
      "NOTHING_TO_COMPARE",
      what === null ? said("report.noReplicateDrewCases") : said("report.noReplicateDrew", { what }),
    );
  return percentileInterval(estimate, replicates, level);
}
