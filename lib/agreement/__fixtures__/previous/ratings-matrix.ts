// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * Validation and the per-item tallies every irrCAC-style coefficient starts from.
 *
 * Items nobody rated are dropped before anything is computed: irrCAC requires its callers to
 * exclude them ("Exclude all subjects that are not rated by any rater") and would return NaN
 * otherwise. Items rated once are kept: they count in n (and so in df) exactly as in irrCAC.
 */
import type { CoefficientOptions, Rating, RatingsMatrix, WeightKind } from "../../types";
import { at, weightMatrix } from "../../weights";

export interface PreparedRatings {
  /** Number of declared categories. */
  q: number;
  /** Number of raters (columns). */
  r: number;
  /** Rows of the items with at least one rating. */
  rows: Rating[][];
  /** counts[i][k]: how many raters put item i in category k. */
  counts: number[][];
  /** ri[i]: how many raters rated item i. */
  ri: number[];
  /** Items with at least one rating. */
  n: number;
  /** Items with at least two ratings. */
  n2: number;
}

export function prepareRatings(ratings: RatingsMatrix, q: number): PreparedRatings {
  if (!Number.isInteger(q) || q < 1) throw new RangeError(`need at least 1 declared category, got ${q}`);
  const r = ratings[0]?.length ?? 0;
  const rows: Rating[][] = [];
  const counts: number[][] = [];
  const ri: number[] = [];
  ratings.forEach((row, i) => {
    if (row.length !== r) throw new RangeError(`item ${i} has ${row.length} ratings columns, expected ${r}`);
    const c = new Array<number>(q).fill(0);
    let total = 0;
    for (const x of row) {
      if (x === null) continue;
      if (!Number.isInteger(x) || x < 0 || x >= q) {
        throw new RangeError(`item ${i}: rating ${x} is not a category index in 0..${q - 1}`);
      }
      c[x] = (c[x] ?? 0) + 1;
      total++;
    }
    if (total === 0) return;
    rows.push([...row]);
    counts.push(c);
    ri.push(total);
  });
  const n2 = ri.filter((x) => x >= 2).length;
  return { q, r, rows, counts, ri, n: rows.length, n2 };
}

export interface ResolvedOptions {
  weights: WeightKind;
  w: number[][];
  populationSize: number;
  confidenceLevel: number;
}

export function resolveOptions(q: number, options: CoefficientOptions = {}): ResolvedOptions {
  const weights = options.weights ?? "unweighted";
  const populationSize = options.populationSize ?? Infinity;
  const confidenceLevel = options.confidenceLevel ?? 0.95;
  if (!(confidenceLevel > 0 && confidenceLevel < 1)) {
    throw new RangeError(`confidenceLevel must be in (0, 1), got ${confidenceLevel}`);
  }
  if (!(populationSize >= 1)) throw new RangeError(`populationSize must be at least 1, got ${populationSize}`);
  return { weights, w: weightMatrix(q, weights), populationSize, confidenceLevel };
}

/** Sampling fraction n/N of the finite-population correction; a sample larger than N is an input error. */
export function samplingFraction(n: number, populationSize: number): number {
  if (n > populationSize) {
    throw new RangeError(`populationSize ${populationSize} is smaller than the ${n} rated items`);
  }
  return n / populationSize;
}

/**
 * Weighted observed agreement of irrCAC: for each item with 2+ ratings,
 * pa_i = Σ_k r_ik (r*_ik - 1) / (r_i (r_i - 1)) with r*_ik = Σ_l w_kl r_il; pa is their mean over
 * those items. paItem is 0 for items rated once (irrCAC's den.ivec trick gives the same).
 */
export function observedAgreement(
  p: PreparedRatings,
  w: readonly (readonly number[])[],
): {
  pa: number;
  paItem: number[];
} {
  const paItem = p.counts.map((c, i) => {
    const ri = p.ri[i] ?? 0;
    if (ri < 2) return 0;
    let s = 0;
    for (let k = 0; k < p.q; k++) {
      let weighted = 0;
      for (let l = 0; l < p.q; l++) weighted += at(w, k, l) * (c[l] ?? 0);
      s += (c[k] ?? 0) * (weighted - 1);
    }
    return s / (ri * (ri - 1));
  });
  const pa = paItem.reduce((a, b) => a + b, 0) / p.n2;
  return { pa, paItem };
}

/** Category prevalence π_k = mean over items of r_ik / r_i (Gwet's AC1 and Fleiss). */
export function prevalence(p: PreparedRatings): number[] {
  const pi = new Array<number>(p.q).fill(0);
  p.counts.forEach((c, i) => {
    const ri = p.ri[i] ?? 1;
    for (let k = 0; k < p.q; k++) pi[k] = (pi[k] ?? 0) + (c[k] ?? 0) / ri / p.n;
  });
  return pi;
}

/** Sum of squared deviations, the core of every linearised variance below. */
export function sumSquaredDeviations(values: readonly number[], centre: number): number {
  let s = 0;
  for (const v of values) s += (v - centre) ** 2;
  return s;
}
