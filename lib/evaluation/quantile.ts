/**
 * The one quantile definition used by every interval in lib/evaluation:
 * Hyndman & Fan (1996) type 7, the default of R's `quantile()` and NumPy's
 * `percentile(method="linear")`. With the n values sorted ascending as x[0..n-1],
 *   h = (n - 1) p,  Q(p) = x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 * So Q(0) is the minimum and Q(1) the maximum, and Q never leaves [min, max].
 */
export const QUANTILE_METHOD = "Hyndman-Fan type 7 (linear interpolation, R default)";

/** Type-7 quantile of values that are already sorted ascending (no NaN). */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError("quantile of an empty sample");
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile probability must be in [0, 1], got ${p}`);
  const h = (n - 1) * p;
  const i = Math.floor(h);
  const lo = sorted[i] as number;
  if (i + 1 >= n) return lo;
  const hi = sorted[i + 1] as number;
  // Written as lo + f * (hi - lo) so equal neighbours give exactly lo (zero-width intervals).
  return lo + (h - i) * (hi - lo);
}

/**
 * Lower and upper type-7 quantiles at (1 - level) / 2 and (1 + level) / 2. NaN entries
 * (degenerate replicates) are left out; the input is not modified.
 */
export function percentileBounds(values: Float64Array, level: number): { lower: number; upper: number; used: number } {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort(); // typed-array sort is numeric
  const alpha = (1 - level) / 2;
  return { lower: quantileSorted(sorted, alpha), upper: quantileSorted(sorted, 1 - alpha), used: sorted.length };
}
