// The data a Dawid–Skene fit runs over (lib/agreement/dawid-skene.ts): the distinct rating
// patterns with their counts, and the workspace every fit over the same patterns shares.

/** Ratings as distinct patterns: codes[p * r + g] = category rater g gave (-1: not rated). */
export interface RatingPatterns {
  q: number;
  r: number;
  /** Number of distinct patterns. */
  count: number;
  codes: Int32Array;
  /** patternOf[i]: the pattern of the i-th rated item. */
  patternOf: Int32Array;
}

/** Distinct patterns of the rated rows of an items × raters code table (-1: not rated). */
export function ratingPatterns(codes: Int32Array, rows: number, r: number, q: number): RatingPatterns {
  const index = new Map<string, number>();
  const patternOf: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < rows; i++) {
    const row = codes.subarray(i * r, (i + 1) * r);
    if (row.every((k) => k < 0)) continue;
    const key = row.join(",");
    let p = index.get(key);
    if (p === undefined) {
      p = index.size;
      index.set(key, p);
      for (const k of row) kept.push(k);
    }
    patternOf.push(p);
  }
  return { q, r, count: index.size, codes: Int32Array.from(kept), patternOf: Int32Array.from(patternOf) };
}

/** How many items show each pattern. */
export function patternWeights(p: RatingPatterns): Float64Array {
  const w = new Float64Array(p.count);
  for (const x of p.patternOf) w[x] = (w[x] as number) + 1;
  return w;
}

/**
 * The pairs of raters (g < h, in order) who can trade places in these ratings: swapping their columns
 * maps every pattern onto one with the same count. `keep`: a cheaper test a pair must pass first.
 * Cheap tests first (a full review may have many raters): `keep`, then how often each rater gave each
 * category (alike for raters who can trade places), then every pattern swapped.
 */
export function* tradingPairs(
  p: RatingPatterns,
  weights: Float64Array,
  keep: (g: number, h: number) => boolean = () => true,
): Generator<[number, number]> {
  const { r, q } = p;
  const given = new Float64Array(r * (q + 1));
  for (let x = 0; x < p.count; x++) {
    for (let g = 0; g < r; g++) {
      const at = g * (q + 1) + (p.codes[x * r + g] as number) + 1;
      given[at] = (given[at] as number) + (weights[x] as number);
    }
  }
  let weightOf: Map<string, number> | null = null;
  for (let g = 0; g < r; g++) {
    for (let h = g + 1; h < r; h++) {
      if (!keep(g, h)) continue;
      let same = true;
      for (let k = 0; k <= q && same; k++) same = given[g * (q + 1) + k] === given[h * (q + 1) + k];
      if (!same) continue;
      weightOf ??= countsByPattern(p, weights);
      if (swapKeepsCounts(p, weights, weightOf, g, h)) yield [g, h];
    }
  }
}

function countsByPattern(p: RatingPatterns, weights: Float64Array): Map<string, number> {
  const { r } = p;
  const weightOf = new Map<string, number>();
  for (let x = 0; x < p.count; x++)
    if ((weights[x] as number) > 0) weightOf.set(p.codes.subarray(x * r, (x + 1) * r).join(","), weights[x] as number);
  return weightOf;
}

function swapKeepsCounts(p: RatingPatterns, weights: Float64Array, weightOf: Map<string, number>, g: number, h: number): boolean {
  const { r } = p;
  for (let x = 0; x < p.count; x++) {
    const w = weights[x] as number;
    if (w === 0) continue;
    const swapped = Array.from(p.codes.subarray(x * r, (x + 1) * r));
    [swapped[g], swapped[h]] = [swapped[h] as number, swapped[g] as number];
    if (weightOf.get(swapped.join(",")) !== w) return false;
  }
  return true;
}

/**
 * What every fit over the same patterns shares, made once (a bootstrap refits the same patterns
 * 10,000 times): each pattern's ratings as offsets — θ[g][c][k] is theta[at + c·q] with
 * at = g·q·q + k, the row's mass mass[at' + c] with at' = g·q — and the buffers the EM works in.
 */
export interface DawidSkeneWorkspace {
  patterns: RatingPatterns;
  start: Int32Array;
  thetaAt: Int32Array;
  massAt: Int32Array;
  /** Patterns with items in the current fit (weight > 0), in order. */
  active: Int32Array;
  T: Float64Array;
  next: Float64Array;
  /** Per pattern, the last E-step's normaliser and its log shift: the likelihood is summed once, at the end. */
  total: Float64Array;
  scale: Float64Array;
  prior: Float64Array;
  /** theta[(g·q + c)·q + k] */
  theta: Float64Array;
  mass: Float64Array;
}

export function dawidSkeneWorkspace(p: RatingPatterns): DawidSkeneWorkspace {
  const { q, r, count } = p;
  const start = new Int32Array(count + 1);
  const at: number[] = [];
  const row: number[] = [];
  for (let x = 0; x < count; x++) {
    for (let g = 0; g < r; g++) {
      const k = p.codes[x * r + g] as number;
      if (k < 0) continue;
      at.push(g * q * q + k);
      row.push(g * q);
    }
    start[x + 1] = at.length;
  }
  return {
    patterns: p,
    start,
    thetaAt: Int32Array.from(at),
    massAt: Int32Array.from(row),
    active: new Int32Array(count),
    T: new Float64Array(count * q),
    next: new Float64Array(count * q),
    total: new Float64Array(count),
    scale: new Float64Array(count),
    prior: new Float64Array(q),
    theta: new Float64Array(r * q * q),
    mass: new Float64Array(r * q),
  };
}
