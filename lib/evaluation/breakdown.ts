/**
 * Accuracy by chapter and by evidence level, each group with its own patient-clustered
 * bootstrap CI.
 *
 * Each group is bootstrapped on its own cases, resampling only the patients that have a
 * case in the group (a stratum-wise bootstrap): a group's interval then never depends on
 * which other groups exist, and no replicate can come out empty. Every group has its own
 * PRNG stream, `${stream}/${dimension}=${JSON of the value}`, so adding a chapter leaves
 * the other chapters' intervals unchanged. Cases without the field are counted in
 * `missing` and left out of that dimension.
 */
import { resolveBootstrap } from "./bootstrap-settings";
import { clusterBootstrap, type ClusterBootstrapResult } from "./cluster-bootstrap";
import { compareIds, validateCases } from "./patient-clusters";
import type { BootstrapOptions, EvalCase } from "./types";

export const BREAKDOWN_STREAM = "eval/breakdown";

export type BreakdownDimension = "chapter" | "level";

export interface BreakdownGroup extends ClusterBootstrapResult {
  value: string;
}

export interface Breakdown {
  dimension: BreakdownDimension;
  /** Groups in code-unit order of their value (L1 < L2 < L3). */
  groups: BreakdownGroup[];
  /** Cases with no value for this dimension. */
  missing: number;
}

export function breakdownBy(cases: readonly EvalCase[], dimension: BreakdownDimension, options: BootstrapOptions): Breakdown {
  validateCases(cases);
  const base = resolveBootstrap(options, BREAKDOWN_STREAM);
  const groups = new Map<string, EvalCase[]>();
  let missing = 0;
  for (const c of cases) {
    const value = c[dimension];
    if (typeof value !== "string" || value === "") {
      missing += 1;
      continue;
    }
    const list = groups.get(value);
    if (list) list.push(c);
    else groups.set(value, [c]);
  }
  const values = [...groups.keys()].sort(compareIds);
  return {
    dimension,
    missing,
    groups: values.map((value) => ({
      value,
      ...clusterBootstrap(groups.get(value) as EvalCase[], {
        seed: base.seed,
        stream: `${base.stream}/${dimension}=${JSON.stringify(value)}`,
        replicates: base.replicates,
        level: base.level,
      }),
    })),
  };
}

/** Both breakdowns of a model-scope pair. */
export function breakdown(cases: readonly EvalCase[], options: BootstrapOptions): { chapter: Breakdown; level: Breakdown } {
  return { chapter: breakdownBy(cases, "chapter", options), level: breakdownBy(cases, "level", options) };
}
