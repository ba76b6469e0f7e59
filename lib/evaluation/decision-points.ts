/**
 * DP1 vs DP2+: is a model less accurate at a patient's later decision points than at
 * the first one (where the record is shortest)?
 *
 * Split: a patient's FIRST decision point is the smallest `decisionPoint` among that
 * patient's cases (so numbering may start at 0 or 1, and a sampled scope that skips a
 * patient's DP1 still has a "first" point); all of the patient's cases at that value are
 * "first", every case at a larger value is "later". A patient with one decision point
 * contributes to the first group only. Cases without a decisionPoint are an error.
 *
 * Bootstrap: patients are resampled as in cluster-bootstrap.ts (their first AND later
 * cases move together, which keeps the within-patient pairing); each replicate gives
 * difference = later accuracy - first accuracy (micro, over the drawn patients' cases).
 * A replicate that draws no patient with a later case has no later accuracy; it is left
 * out of the interval and the p-value and counted in `degenerateReplicates`.
 *
 * pValue = share of valid replicates with difference >= 0: the one-sided percentile-
 * bootstrap p-value for "later accuracy is lower" (small = the drop survives resampling).
 */
import { methodOf, percentileInterval, resolveBootstrap, rngFor } from "./bootstrap-settings";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import { compareIds, validateCases } from "./patient-clusters";
import type { BootstrapMethod, BootstrapOptions, Counts, EvalCase, PercentileInterval } from "./types";

export const DECISION_POINT_STREAM = "eval/decision-points";

export interface DecisionPointSplit {
  patientIds: string[];
  firstCorrect: Int32Array;
  firstTotal: Int32Array;
  laterCorrect: Int32Array;
  laterTotal: Int32Array;
}

export interface DecisionPointResult {
  first: Counts & { accuracy: number };
  later: Counts & { accuracy: number };
  /** Patients with at least one later case. */
  patientsWithLater: number;
  patients: number;
  /** later - first, with its interval. */
  difference: PercentileInterval;
  /** Share of valid replicates with later >= first (one-sided, H1: later is lower). */
  pValue: number;
  degenerateReplicates: number;
  method: BootstrapMethod;
}

export function splitDecisionPoints(cases: readonly EvalCase[]): DecisionPointSplit {
  validateCases(cases);
  const firstDp = new Map<string, number>();
  cases.forEach((c, i) => {
    const dp = c.decisionPoint;
    if (typeof dp !== "number" || !Number.isFinite(dp))
      throw new EvaluationInputError("INVALID_CASE", said("report.dpRequired", { index: String(i), case: c.caseId }));
    const seen = firstDp.get(c.patientId);
    if (seen === undefined || dp < seen) firstDp.set(c.patientId, dp);
  });
  const patientIds = [...firstDp.keys()].sort(compareIds);
  const index = new Map(patientIds.map((id, i) => [id, i]));
  const n = patientIds.length;
  const s: DecisionPointSplit = {
    patientIds,
    firstCorrect: new Int32Array(n),
    firstTotal: new Int32Array(n),
    laterCorrect: new Int32Array(n),
    laterTotal: new Int32Array(n),
  };
  for (const c of cases) {
    const i = index.get(c.patientId) as number;
    const isFirst = c.decisionPoint === firstDp.get(c.patientId);
    const [cor, tot] = isFirst ? [s.firstCorrect, s.firstTotal] : [s.laterCorrect, s.laterTotal];
    tot[i] = (tot[i] as number) + 1;
    if (c.correct) cor[i] = (cor[i] as number) + 1;
  }
  return s;
}

export function decisionPoints(cases: readonly EvalCase[], options: BootstrapOptions): DecisionPointResult {
  const s = splitDecisionPoints(cases);
  const settings = resolveBootstrap(options, DECISION_POINT_STREAM);
  const sum = (a: Int32Array) => a.reduce((x, v) => x + v, 0);
  const fc = sum(s.firstCorrect);
  const ft = sum(s.firstTotal);
  const lc = sum(s.laterCorrect);
  const lt = sum(s.laterTotal);
  if (lt === 0) throw new EvaluationInputError("NOTHING_TO_COMPARE", said("report.noLaterCases"));

  const p = s.patientIds.length;
  const replicates = new Float64Array(settings.replicates);
  const rng = rngFor(settings);
  let degenerate = 0;
  let laterNotLower = 0;
  for (let b = 0; b < replicates.length; b++) {
    let c1 = 0;
    let t1 = 0;
    let c2 = 0;
    let t2 = 0;
    for (let k = 0; k < p; k++) {
      const i = rng.nextInt(p);
      c1 += s.firstCorrect[i] as number;
      t1 += s.firstTotal[i] as number;
      c2 += s.laterCorrect[i] as number;
      t2 += s.laterTotal[i] as number;
    }
    if (t2 === 0) {
      replicates[b] = NaN; // t1 > 0 always: every patient has a first decision point
      degenerate += 1;
      continue;
    }
    const d = c2 / t2 - c1 / t1;
    replicates[b] = d;
    if (d >= 0) laterNotLower += 1;
  }
  const valid = replicates.length - degenerate;
  if (valid === 0) throw new EvaluationInputError("NOTHING_TO_COMPARE", said("report.noLaterReplicate"));
  return {
    first: { correct: fc, total: ft, accuracy: fc / ft },
    later: { correct: lc, total: lt, accuracy: lc / lt },
    patientsWithLater: s.laterTotal.reduce((x, v) => x + (v > 0 ? 1 : 0), 0),
    patients: p,
    difference: percentileInterval(lc / lt - fc / ft, replicates, settings.level),
    pValue: laterNotLower / valid,
    degenerateReplicates: degenerate,
    method: methodOf(settings),
  };
}
