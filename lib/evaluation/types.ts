/**
 * Input and result shapes shared by the evaluation statistics. Plain data only, so
 * results can be stored in a report snapshot or serialised to JSON as they are.
 */
import type { Seed } from "@/lib/sampling/prng";

/** One scored benchmark case of one model on one input scope. */
export interface EvalCase {
  caseId: string;
  /** The resampling unit: a patient's cases are correlated, so they move together. */
  patientId: string;
  correct: boolean;
  chapter?: string;
  level?: string;
  decisionPoint?: number;
}

/** Correct / total with the ratio; `accuracy` is null only where a subgroup is empty. */
export interface Counts {
  correct: number;
  total: number;
  accuracy: number | null;
}

/** Settings every bootstrap takes. */
export interface BootstrapOptions {
  /** Recorded with the result; use `modelScopeSeed(model, scope)` for a fixed per-pair seed. */
  seed: Seed;
  /** PRNG stream label; each statistic has its own default so they never share draws. */
  stream?: string;
  /** Number of replicates B (default 10,000). */
  replicates?: number;
  /** Two-sided confidence level (default 0.95). */
  level?: number;
}

/** Everything needed to re-run a bootstrap bit for bit. */
export interface BootstrapMethod {
  kind: "patient-cluster percentile bootstrap" | "case percentile bootstrap";
  replicates: number;
  level: number;
  /** The canonical seed string (`canonicalSeed`), i.e. what was hashed. */
  seed: string;
  stream: string;
  prng: string;
  quantile: string;
}

/** A percentile interval, as proportions and in percentage points. */
export interface PercentileInterval {
  /** Point estimate on the full data (not the replicate mean). */
  estimate: number;
  lower: number;
  upper: number;
  estimatePp: number;
  lowerPp: number;
  upperPp: number;
  /**
   * (upper - lower) / 2 in percentage points, for "estimate ± half-width" tables.
   * A percentile interval need not be symmetric about the estimate: lower/upper are
   * the interval itself, the half-width is a summary of its width.
   */
  halfWidthPp: number;
}
