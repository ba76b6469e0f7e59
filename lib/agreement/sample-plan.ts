/**
 * Planning an audit's sample size before drawing it.
 *
 * 1. The claim a paper makes: "with 95 % confidence the benchmark's error rate is below 5 %".
 *    Given the benchmark size N, the number of clearly wrong items the organizer expects to see
 *    (x) and a target rate, `smallestSampleForBound` finds the smallest n for which the exact
 *    one-sided upper bound of error-rate-bound.ts (the dashboard's own function) stays strictly
 *    below the target when x errors are found: Clopper–Pearson, and hypergeometric with N. Both
 *    bounds fall as n grows with x fixed, so the smallest n is found by bisection and checked
 *    (n passes, n - 1 does not).
 * 2. How precise AC1 will be: `expectedAc1HalfWidth` simulates audits of n items and r raters
 *    under a stated rater model and reports the median half-width of AC1's confidence interval
 *    as the dashboard computes it (gwet-ac.ts). The model: each item's true category is the
 *    dominant one with probability `dominantShare`, else one of the others at random; each rater
 *    independently gives the true category with probability a, else one of the other q - 1 at
 *    random; a is solved from the expected pairwise agreement pa = a² + (1 - a)² / (q - 1).
 *    Seeded (lib/sampling/prng.ts), so the same inputs give the same figure.
 */
import { createPrng } from "../sampling/prng";
import { errorRateBound } from "./error-rate-bound";
import { gwetAc1 } from "./gwet-ac";
import type { Rating } from "./types";

export interface BoundPlanInput {
  /** Benchmark size N. */
  populationSize: number;
  /** Clearly wrong items the organizer expects to find (and still publish the claim). */
  toleratedErrors: number;
  /** The rate the bound must stay below, e.g. 0.05. */
  targetRate: number;
  /** One-sided confidence level, e.g. 0.95. */
  confidenceLevel: number;
}

export interface BoundPlan {
  /** Smallest n whose bound is below the target, or null when even n = N does not get there. */
  n: number | null;
  /** The bound at that n (a rate). */
  bound: number | null;
}

export interface SamplePlan {
  binomial: BoundPlan;
  hypergeometric: BoundPlan & { boundCount: number | null };
}

export function smallestSampleForBound(input: BoundPlanInput): SamplePlan {
  const { populationSize: N, toleratedErrors: x, targetRate, confidenceLevel } = input;
  if (!Number.isSafeInteger(N) || N < 1) throw new RangeError(`benchmark size must be a whole number of at least 1, got ${N}`);
  if (!Number.isSafeInteger(x) || x < 0 || x >= N) throw new RangeError(`tolerated errors must be a whole number in 0..${N - 1}, got ${x}`);
  if (!(targetRate > 0 && targetRate < 1)) throw new RangeError(`target rate must be in (0, 1), got ${targetRate}`);
  if (!(confidenceLevel > 0 && confidenceLevel < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${confidenceLevel}`);
  const opts = { confidenceLevel };
  const binomialAt = (n: number) => errorRateBound(x, n, opts).binomialUpper;
  const hyperAt = (n: number) => errorRateBound(x, n, { ...opts, populationSize: N }).hypergeometricUpper as number;
  const nb = smallestBelow(x + 1, N, binomialAt, targetRate);
  const nh = smallestBelow(x + 1, N, hyperAt, targetRate);
  const count = nh === null ? null : errorRateBound(x, nh, { ...opts, populationSize: N }).hypergeometricUpperCount;
  return {
    binomial: { n: nb, bound: nb === null ? null : binomialAt(nb) },
    hypergeometric: { n: nh, bound: nh === null ? null : hyperAt(nh), boundCount: count },
  };
}

/** Smallest n in [lo, hi] with f(n) < target, for f non-increasing in n; null if f(hi) ≥ target. */
function smallestBelow(lo: number, hi: number, f: (n: number) => number, target: number): number | null {
  if (lo > hi || !(f(hi) < target)) return null;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (f(mid) < target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface Ac1PlanInput {
  items: number;
  raters: number;
  /** Declared categories of the rubric dimension (3 for the default rubric). */
  categories: number;
  /** Expected share of rater pairs that agree on an item (percent agreement), in [1/q, 1]. */
  expectedAgreement: number;
  /** Share of items whose true category is the dominant one (e.g. "correct"), in (0, 1]. */
  dominantShare?: number;
  populationSize?: number;
  confidenceLevel?: number;
  replicates?: number;
  seed?: string;
}

export interface Ac1Plan {
  /** Median half-width of AC1's confidence interval over the simulated audits. */
  medianHalfWidth: number;
  /** Median AC1 over the simulated audits. */
  medianAc1: number;
  /** Probability a rater gives the true category, solved from the expected agreement. */
  raterAccuracy: number;
  replicates: number;
}

/** a with a² + (1 - a)² / m = pa, m = q - 1, on [1/q, 1] (where agreement rises with a). */
export function raterAccuracyFor(pa: number, q: number): number {
  const m = q - 1;
  const A = 1 + 1 / m;
  const B = -2 / m;
  const C = 1 / m - pa;
  return (-B + Math.sqrt(Math.max(0, B * B - 4 * A * C))) / (2 * A);
}

export function expectedAc1HalfWidth(input: Ac1PlanInput): Ac1Plan {
  const { items: n, raters: r, categories: q, expectedAgreement: pa } = input;
  const share = input.dominantShare ?? 0.9;
  const replicates = input.replicates ?? 200;
  if (!Number.isSafeInteger(n) || n < 2) throw new RangeError(`items must be at least 2, got ${n}`);
  if (!Number.isSafeInteger(r) || r < 2) throw new RangeError(`raters must be at least 2, got ${r}`);
  if (!Number.isSafeInteger(q) || q < 2) throw new RangeError(`categories must be at least 2, got ${q}`);
  if (!(pa >= 1 / q && pa <= 1)) throw new RangeError(`expected agreement must be between 1/${q} (chance) and 1, got ${pa}`);
  if (!(share > 0 && share <= 1)) throw new RangeError(`dominant share must be in (0, 1], got ${share}`);
  const a = raterAccuracyFor(pa, q);
  const rng = createPrng(input.seed ?? "sample-plan", "ac1-half-width");
  const other = (k: number) => {
    const j = rng.nextInt(q - 1);
    return j >= k ? j + 1 : j;
  };
  const halfWidths: number[] = [];
  const ac1s: number[] = [];
  const options = { populationSize: input.populationSize ?? Infinity, confidenceLevel: input.confidenceLevel ?? 0.95 };
  for (let b = 0; b < replicates; b++) {
    const matrix: Rating[][] = [];
    for (let i = 0; i < n; i++) {
      const truth = rng.nextFloat() < share ? 0 : other(0);
      const row: Rating[] = [];
      for (let g = 0; g < r; g++) row.push(rng.nextFloat() < a ? truth : other(truth));
      matrix.push(row);
    }
    const res = gwetAc1(matrix, q, options);
    if (res.ciLower === null || res.ciUpper === null || res.coeff === null) continue;
    halfWidths.push((res.ciUpper - res.ciLower) / 2);
    ac1s.push(res.coeff);
  }
  return { medianHalfWidth: median(halfWidths), medianAc1: median(ac1s), raterAccuracy: a, replicates };
}

function median(values: number[]): number {
  const s = [...values].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
