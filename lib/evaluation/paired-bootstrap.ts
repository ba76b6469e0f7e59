/**
 * Paired patient-clustered bootstrap of an accuracy difference: a scope against a
 * baseline scope scored on the SAME cases (e.g. one model with and without a tool).
 *
 * Each replicate draws patients exactly as cluster-bootstrap.ts does and applies the
 * same draws to both scopes, so replicate difference = (sum correct_scope - sum
 * correct_baseline) / (sum cases) over the drawn patients. Pairing removes the
 * between-case variation both scopes share, which is why the case sets must match.
 *
 * pValue = share of replicates with difference <= 0: the one-sided percentile-bootstrap
 * p-value for "scope is better than baseline" (small = the improvement is rarely undone
 * by resampling). It is not a test under a re-centred null.
 */
import { methodOf, percentileInterval, resolveBootstrap, rngFor, type ResolvedBootstrap } from "./bootstrap-settings";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import { compareIds, validateCases } from "./patient-clusters";
import type { BootstrapMethod, BootstrapOptions, EvalCase, PercentileInterval } from "./types";

export const PAIRED_BOOTSTRAP_STREAM = "eval/paired-bootstrap";

export interface PairedClusters {
  patientIds: string[];
  scopeCorrect: Int32Array;
  baselineCorrect: Int32Array;
  total: Int32Array;
}

export interface PairedBootstrapResult {
  cases: number;
  patients: number;
  scopeAccuracy: number;
  baselineAccuracy: number;
  /** scope - baseline, as a proportion and in percentage points, with its interval. */
  difference: PercentileInterval;
  /** Share of replicates with difference <= 0 (one-sided, H1: scope > baseline). */
  pValue: number;
  method: BootstrapMethod;
}

/** Pairs the two scopes case by case; throws unless both hold the same cases and patients. */
/** Up to five ids, "..." after them when there are more; "none" when there is none. */
const firstIds = (ids: readonly string[]) => (ids.length ? `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", ..." : ""}` : "none");

export function pairByPatient(scope: readonly EvalCase[], baseline: readonly EvalCase[]): PairedClusters {
  validateCases(scope, "scope cases");
  validateCases(baseline, "baseline cases");
  const base = new Map(baseline.map((c) => [c.caseId, c]));
  const missing: string[] = [];
  for (const c of scope) {
    const b = base.get(c.caseId);
    if (!b) missing.push(c.caseId);
    else if (b.patientId !== c.patientId)
      throw new EvaluationInputError(
        "CASE_SET_MISMATCH",
        said("report.patientMismatch", { case: c.caseId, patient: c.patientId, baseline: b.patientId }),
      );
  }
  if (missing.length > 0 || scope.length !== baseline.length) {
    const inScope = new Set(scope.map((c) => c.caseId));
    const extra = baseline.filter((c) => !inScope.has(c.caseId)).map((c) => c.caseId);
    throw new EvaluationInputError(
      "CASE_SET_MISMATCH",
      said("report.caseSetMismatch", {
        missing: String(missing.length),
        missingIds: firstIds(missing),
        extra: String(extra.length),
        extraIds: firstIds(extra),
      }),
    );
  }
  const byPatient = new Map<string, [number, number, number]>();
  for (const c of scope) {
    const row = byPatient.get(c.patientId) ?? [0, 0, 0];
    row[0] += c.correct ? 1 : 0;
    row[1] += (base.get(c.caseId) as EvalCase).correct ? 1 : 0;
    row[2] += 1;
    byPatient.set(c.patientId, row);
  }
  const patientIds = [...byPatient.keys()].sort(compareIds);
  const n = patientIds.length;
  const out: PairedClusters = {
    patientIds,
    scopeCorrect: new Int32Array(n),
    baselineCorrect: new Int32Array(n),
    total: new Int32Array(n),
  };
  patientIds.forEach((id, i) => {
    const [a, b, t] = byPatient.get(id) as [number, number, number];
    out.scopeCorrect[i] = a;
    out.baselineCorrect[i] = b;
    out.total[i] = t;
  });
  return out;
}

export function pairedReplicates(paired: PairedClusters, settings: ResolvedBootstrap): Float64Array {
  const { scopeCorrect, baselineCorrect, total } = paired;
  const p = total.length;
  const out = new Float64Array(settings.replicates);
  const rng = rngFor(settings);
  for (let b = 0; b < out.length; b++) {
    let d = 0; // integer difference of correct counts: exactly 0 when both scopes agree
    let t = 0;
    for (let k = 0; k < p; k++) {
      const i = rng.nextInt(p);
      d += (scopeCorrect[i] as number) - (baselineCorrect[i] as number);
      t += total[i] as number;
    }
    out[b] = d / t;
  }
  return out;
}

export function pairedBootstrapReplicates(
  scope: readonly EvalCase[],
  baseline: readonly EvalCase[],
  options: BootstrapOptions,
): Float64Array {
  return pairedReplicates(pairByPatient(scope, baseline), resolveBootstrap(options, PAIRED_BOOTSTRAP_STREAM));
}

export function pairedBootstrap(
  scope: readonly EvalCase[],
  baseline: readonly EvalCase[],
  options: BootstrapOptions,
): PairedBootstrapResult {
  const paired = pairByPatient(scope, baseline);
  const settings = resolveBootstrap(options, PAIRED_BOOTSTRAP_STREAM);
  const replicates = pairedReplicates(paired, settings);
  const sum = (a: Int32Array) => a.reduce((s, v) => s + v, 0);
  const cases = sum(paired.total);
  const sA = sum(paired.scopeCorrect);
  const sB = sum(paired.baselineCorrect);
  let atMostZero = 0;
  for (const r of replicates) if (r <= 0) atMostZero += 1;
  return {
    cases,
    patients: paired.patientIds.length,
    scopeAccuracy: sA / cases,
    baselineAccuracy: sB / cases,
    difference: percentileInterval((sA - sB) / cases, replicates, settings.level),
    pValue: atMostZero / replicates.length,
    method: methodOf(settings),
  };
}
