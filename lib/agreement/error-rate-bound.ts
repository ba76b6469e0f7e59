/**
 * Exact one-sided upper confidence bound on a benchmark's error rate, from x "incorrect" items
 * among n sampled.
 *
 * - Binomial (Clopper–Pearson): the p with P(X ≤ x | n, p) = 1 - level, i.e. the beta quantile
 *   B(level; x + 1, n - x); 1 when x = n. Right for sampling with replacement or a huge benchmark.
 * - Hypergeometric, when the benchmark size N is known (sampling without replacement): the largest
 *   count K of incorrect items in the benchmark that the data do not reject,
 *   K_U = max{K : P(X ≤ x | N, K, n) ≥ 1 - level}, reported as K_U and K_U / N. P(X ≤ x | K)
 *   falls as K grows, so K_U is found by bisection on [x, N - (n - x)] (K can be neither fewer than
 *   the incorrect items seen nor leave fewer correct ones than were seen).
 * Both are exact (conservative) bounds; the finite-population one is never looser in practice,
 * because a sample that is a large share of the benchmark leaves little unseen.
 */
import betaQuantile from "@stdlib/stats-base-dists-beta-quantile";
import hypergeometricCdf from "@stdlib/stats-base-dists-hypergeometric-cdf";

export interface ErrorRateBound {
  incorrect: number;
  sampled: number;
  /** Benchmark size, or null when unknown (binomial bound only). */
  populationSize: number | null;
  /** One-sided confidence level. */
  confidenceLevel: number;
  /** x / n (null when nothing was sampled). */
  observedRate: number | null;
  /** Clopper–Pearson upper bound on the error rate. */
  binomialUpper: number;
  /** Hypergeometric upper bound on the number of incorrect items in the benchmark (null without N). */
  hypergeometricUpperCount: number | null;
  /** hypergeometricUpperCount / N (null without N). */
  hypergeometricUpper: number | null;
}

export function errorRateBound(
  incorrect: number,
  sampled: number,
  options: { populationSize?: number; confidenceLevel?: number } = {},
): ErrorRateBound {
  const x = incorrect;
  const n = sampled;
  const level = options.confidenceLevel ?? 0.95;
  const N = options.populationSize ?? Infinity;
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`sampled must be a non-negative integer, got ${n}`);
  if (!Number.isInteger(x) || x < 0 || x > n) throw new RangeError(`incorrect must be an integer in 0..${n}, got ${x}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`confidenceLevel must be in (0, 1), got ${level}`);
  if (N !== Infinity && !(Number.isInteger(N) && N >= n)) {
    throw new RangeError(`populationSize must be an integer of at least ${n} (the sample), got ${N}`);
  }
  // Nothing sampled: the data say nothing, the rate may be anything up to 1.
  const binomialUpper = x === n ? 1 : betaQuantile(level, x + 1, n - x);
  let count: number | null = null;
  if (N !== Infinity) {
    const alpha = 1 - level;
    let lo = x; // P(X ≤ x | K = x) = 1 ≥ alpha: always kept
    let hi = N - (n - x);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (hypergeometricCdf(x, N, mid, n) >= alpha) lo = mid;
      else hi = mid - 1;
    }
    count = lo;
  }
  return {
    incorrect: x,
    sampled: n,
    populationSize: N === Infinity ? null : N,
    confidenceLevel: level,
    observedRate: n === 0 ? null : x / n,
    binomialUpper,
    hypergeometricUpperCount: count,
    hypergeometricUpper: count === null ? null : count / N,
  };
}
