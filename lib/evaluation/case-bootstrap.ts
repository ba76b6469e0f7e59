/**
 * Ordinary (case-level) percentile bootstrap of accuracy: resamples cases, ignoring
 * patients. NOT for reports (it treats a patient's cases as independent and so gives
 * too narrow an interval); it is the reference the clustered bootstrap must reduce to
 * when every patient has one case, and the timing baseline of bench/bootstrap.ts.
 * Cases are drawn in caseId code-unit order with nextInt(n), n draws per replicate.
 */
import { methodOf, percentileInterval, resolveBootstrap, rngFor, type ResolvedBootstrap } from "./bootstrap-settings";
import { compareIds, validateCases } from "./patient-clusters";
import type { BootstrapMethod, BootstrapOptions, EvalCase, PercentileInterval } from "./types";

export const CASE_BOOTSTRAP_STREAM = "eval/case-bootstrap";

export function caseReplicates(correct: Uint8Array, settings: ResolvedBootstrap): Float64Array {
  const n = correct.length;
  const out = new Float64Array(settings.replicates);
  const rng = rngFor(settings);
  for (let b = 0; b < out.length; b++) {
    let c = 0;
    for (let k = 0; k < n; k++) c += correct[rng.nextInt(n)] as number;
    out[b] = c / n;
  }
  return out;
}

function correctByCaseId(cases: readonly EvalCase[]): Uint8Array {
  validateCases(cases);
  const sorted = [...cases].sort((a, b) => compareIds(a.caseId, b.caseId));
  return Uint8Array.from(sorted, (c) => (c.correct ? 1 : 0));
}

export function caseBootstrapReplicates(cases: readonly EvalCase[], options: BootstrapOptions): Float64Array {
  return caseReplicates(correctByCaseId(cases), resolveBootstrap(options, CASE_BOOTSTRAP_STREAM));
}

export function caseBootstrap(
  cases: readonly EvalCase[],
  options: BootstrapOptions,
): { accuracy: PercentileInterval; method: BootstrapMethod } {
  const correct = correctByCaseId(cases);
  const settings = resolveBootstrap(options, CASE_BOOTSTRAP_STREAM);
  const hits = correct.reduce((s, v) => s + v, 0);
  return {
    accuracy: percentileInterval(hits / correct.length, caseReplicates(correct, settings), settings.level),
    method: { ...methodOf(settings), kind: "case percentile bootstrap" },
  };
}
