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
 * (degenerate replicates) are left out; the input is not modified. The four order
 * statistics the two quantiles need are found by selection (expected linear time) instead
 * of a full sort: the same values, which a report asks for a few hundred times.
 */
export function percentileBounds(values: Float64Array, level: number): { lower: number; upper: number; used: number } {
  const work = new Float64Array(values.length);
  let n = 0;
  for (const v of values) if (!Number.isNaN(v)) work[n++] = v;
  const sample = work.subarray(0, n);
  const alpha = (1 - level) / 2;
  return { lower: quantileSelect(sample, alpha), upper: quantileSelect(sample, 1 - alpha), used: n };
}

/** Type-7 quantile of unsorted values (reorders `values`); equals quantileSorted of the sorted copy. */
export function quantileSelect(values: Float64Array, p: number): number {
  const n = values.length;
  if (n === 0) throw new RangeError("quantile of an empty sample");
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile probability must be in [0, 1], got ${p}`);
  const h = (n - 1) * p;
  const i = Math.floor(h);
  if (i + 1 >= n) return select(values, i);
  // The two neighbouring order statistics x(i) and x(i+1): one by selection, the other as the
  // extreme of the smaller side it leaves (the values left of k are <= x(k), those right of it
  // >= x(k)), so a tail quantile scans the few values in its tail, not the rest of the sample.
  let lo: number;
  let hi: number;
  if (2 * i < n) {
    hi = select(values, i + 1);
    lo = -Infinity;
    for (let k = 0; k <= i; k++) if ((values[k] as number) > lo) lo = values[k] as number;
  } else {
    lo = select(values, i);
    hi = Infinity;
    for (let k = i + 1; k < n; k++) if ((values[k] as number) < hi) hi = values[k] as number;
  }
  return lo + (h - i) * (hi - lo);
}

/** Hoare's quickselect (median of three): puts the k-th smallest value at k and returns it. */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    const x = a[left] as number,
      y = a[mid] as number,
      z = a[right] as number;
    // biome-ignore lint/complexity/useMathMinMax: the median of three, as comparisons in the hot loop
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k] as number;
}
