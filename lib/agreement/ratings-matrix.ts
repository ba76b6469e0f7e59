/**
 * Validation and the per-item tallies every irrCAC-style coefficient starts from, in typed
 * arrays built in one pass and shared by every coefficient of a report.
 *
 * Items nobody rated are skipped by every coefficient: irrCAC requires its callers to
 * exclude them ("Exclude all subjects that are not rated by any rater") and would return NaN
 * otherwise. Items rated once are kept: they count in n (and so in df) exactly as in irrCAC.
 * The arithmetic below runs over the rated items in input order, in the same order of
 * operations as the array-of-arrays engine it replaced, so every number is unchanged
 * (typed-engine.test.ts compares them on random inputs).
 */
import type { CoefficientOptions, RatingsMatrix, WeightKind } from "./types";
import { at, weightMatrix } from "./weights";

export interface PreparedRatings {
  /** Number of declared categories. */
  q: number;
  /** Number of raters (columns). */
  r: number;
  /** Number of rows (items), rated or not. */
  rows: number;
  /** codes[i * r + g]: category index rater g gave row i, or -1. */
  codes: Int32Array;
  /** counts[i * q + k]: how many raters put row i in category k. */
  counts: Int32Array;
  /** ri[i]: how many raters rated row i (0: skipped by every coefficient). */
  ri: Int32Array;
  /** Items with at least one rating. */
  n: number;
  /** Items with at least two ratings. */
  n2: number;
}

/** The tally of an items × raters matrix of category indices (null = not rated). */
export function prepareRatings(ratings: RatingsMatrix, q: number): PreparedRatings {
  checkCategories(q);
  const r = ratings[0]?.length ?? 0;
  const codes = new Int32Array(ratings.length * r);
  for (let i = 0; i < ratings.length; i++) {
    const row = ratings[i] as RatingsMatrix[number];
    if (row.length !== r) throw new RangeError(`item ${i} has ${row.length} ratings columns, expected ${r}`);
    for (let g = 0; g < r; g++) {
      const x = row[g];
      if (x === null || x === undefined) codes[i * r + g] = -1;
      else if (!Number.isInteger(x) || x < 0 || x >= q)
        throw new RangeError(`item ${i}: rating ${x} is not a category index in 0..${q - 1}`);
      else codes[i * r + g] = x;
    }
  }
  return tallyCodes(codes, ratings.length, r, q);
}

/** The tally of codes already checked to be -1 or in 0..q-1 (the report's long-format reader). */
export function tallyCodes(codes: Int32Array, rows: number, r: number, q: number): PreparedRatings {
  checkCategories(q);
  const counts = new Int32Array(rows * q);
  const ri = new Int32Array(rows);
  let n = 0;
  let n2 = 0;
  for (let i = 0; i < rows; i++) {
    let total = 0;
    for (let g = 0; g < r; g++) {
      const x = codes[i * r + g] as number;
      if (x < 0) continue;
      counts[i * q + x] = (counts[i * q + x] as number) + 1;
      total++;
    }
    ri[i] = total;
    if (total >= 1) n++;
    if (total >= 2) n2++;
  }
  return { q, r, rows, codes, counts, ri, n, n2 };
}

function checkCategories(q: number): void {
  if (!Number.isInteger(q) || q < 1) throw new RangeError(`need at least 1 declared category, got ${q}`);
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
 * those items. paItem (one per rated item, in order) is 0 for items rated once (irrCAC's
 * den.ivec trick gives the same).
 *
 * Five coefficients of a report start from it, so it is computed once per tally and weights
 * (the result is shared: callers must not write into paItem). Unweighted, r*_ik = r_ik: the
 * same exact integer sums without the q² inner loop.
 */
export function observedAgreement(p: PreparedRatings, w: readonly (readonly number[])[]): ObservedAgreement {
  const wf = flatWeights(w, p.q);
  const key = wf.join();
  let known = observedCache.get(p);
  if (!known) observedCache.set(p, (known = new Map()));
  let result = known.get(key);
  if (!result) known.set(key, (result = computeObserved(p, wf)));
  return result;
}

interface ObservedAgreement {
  pa: number;
  paItem: Float64Array;
}

const observedCache = new WeakMap<PreparedRatings, Map<string, ObservedAgreement>>();

function computeObserved(p: PreparedRatings, wf: Float64Array): ObservedAgreement {
  const { q, counts } = p;
  const identity = isIdentity(wf, q);
  const paItem = new Float64Array(p.n);
  let pa = 0;
  for (let i = 0, j = 0; i < p.rows; i++) {
    const ri = p.ri[i] as number;
    if (ri === 0) continue;
    let v = 0;
    if (ri >= 2) {
      let s = 0;
      const c = i * q;
      for (let k = 0; k < q; k++) {
        const ck = counts[c + k] as number;
        let weighted = ck;
        if (!identity) {
          weighted = 0;
          for (let l = 0; l < q; l++) weighted += (wf[k * q + l] as number) * (counts[c + l] as number);
        }
        s += ck * (weighted - 1);
      }
      v = s / (ri * (ri - 1));
    }
    paItem[j++] = v;
    pa += v;
  }
  return { pa: pa / p.n2, paItem };
}

/** Category prevalence π_k = mean over rated items of r_ik / r_i (Gwet's AC1 and Fleiss). */
export function prevalence(p: PreparedRatings): number[] {
  const pi = new Array<number>(p.q).fill(0);
  for (let i = 0; i < p.rows; i++) {
    const ri = p.ri[i] as number;
    if (ri === 0) continue;
    for (let k = 0; k < p.q; k++) pi[k] = (pi[k] as number) + (p.counts[i * p.q + k] as number) / ri / p.n;
  }
  return pi;
}

/** Sum of squared deviations, the core of every linearised variance below. */
export function sumSquaredDeviations(values: ArrayLike<number>, centre: number): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += ((values[i] as number) - centre) ** 2;
  return s;
}

/** Whether flat q × q weights are the identity (unweighted agreement). */
export function isIdentity(wf: Float64Array, q: number): boolean {
  return wf.every((x, kl) => x === (kl % (q + 1) === 0 ? 1 : 0));
}

/** The weights row-major in a typed array (read q² times per item in the hot loops). */
export function flatWeights(w: readonly (readonly number[])[], q: number): Float64Array {
  const out = new Float64Array(q * q);
  for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) out[k * q + l] = at(w, k, l);
  return out;
}
