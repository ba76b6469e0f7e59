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
