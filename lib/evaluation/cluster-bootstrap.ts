/**
 * Patient-clustered percentile bootstrap CI of accuracy.
 *
 * A patient's cases share one record, so they are not independent: resampling cases
 * would understate the uncertainty. Each replicate instead draws as many patients as
 * there are, uniformly with replacement, keeps ALL of each drawn patient's cases, and
 * takes accuracy = (sum of their correct) / (sum of their cases), i.e. the case-level
 * (micro) accuracy of the pseudo-sample. The interval is the type-7 percentile interval
 * of the replicates (see quantile.ts).
 *
 * Draws: for b = 0..B-1, for k = 0..P-1, patient index = nextInt(P) from the stream
 * createPrng(seed, stream), patients in patientId code-unit order. That is the whole
 * recipe: any implementation of the PRNG spec reproduces the replicates exactly.
 */
import { methodOf, percentileInterval, resolveBootstrap, rngFor, type ResolvedBootstrap } from "./bootstrap-settings";
import { clusterByPatient, type PatientClusters } from "./patient-clusters";
import type { BootstrapMethod, BootstrapOptions, EvalCase, PercentileInterval } from "./types";

export const CLUSTER_BOOTSTRAP_STREAM = "eval/cluster-bootstrap";

export interface ClusterBootstrapResult {
  correct: number;
  total: number;
  patients: number;
  /** Accuracy with its interval (estimate = correct / total). */
  accuracy: PercentileInterval;
  method: BootstrapMethod;
}

/**
 * The B replicate accuracies. Hot loop: no allocation inside, one typed-array read pair
 * per draw. Integer sums stay exact (< 2^31 cases), so the result is bit-for-bit stable.
 */
export function clusterReplicates(clusters: PatientClusters, settings: ResolvedBootstrap): Float64Array {
  const { correct, total } = clusters;
  const p = total.length;
  const out = new Float64Array(settings.replicates);
  const rng = rngFor(settings);
  for (let b = 0; b < out.length; b++) {
    let c = 0;
    let t = 0;
    for (let k = 0; k < p; k++) {
      const i = rng.nextInt(p);
      c += correct[i] as number;
      t += total[i] as number;
    }
    out[b] = c / t; // t > 0: every patient has at least one case
  }
  return out;
}

/** Replicates of `clusterBootstrap` for the same cases and options (for tests and audits). */
export function clusterBootstrapReplicates(cases: readonly EvalCase[], options: BootstrapOptions): Float64Array {
  return clusterReplicates(clusterByPatient(cases), resolveBootstrap(options, CLUSTER_BOOTSTRAP_STREAM));
}

export function clusterBootstrap(cases: readonly EvalCase[], options: BootstrapOptions): ClusterBootstrapResult {
  const clusters = clusterByPatient(cases);
  const settings = resolveBootstrap(options, CLUSTER_BOOTSTRAP_STREAM);
  const replicates = clusterReplicates(clusters, settings);
  return {
    correct: clusters.correctCases,
    total: clusters.cases,
    patients: clusters.patientIds.length,
    accuracy: percentileInterval(clusters.correctCases / clusters.cases, replicates, settings.level),
    method: methodOf(settings),
  };
}
