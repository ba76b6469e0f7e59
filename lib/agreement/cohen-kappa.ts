/**
 * Cohen's kappa for each pair of raters, over the items both of them rated, with the 2-rater
 * variance of irrCAC kappa2.table (Fleiss, Cohen & Everitt's large-sample form, weighted):
 *   p_kl = n_kl / n,  pe = Σ_kl w_kl p_k+ p_+l,  κ = (pa - pe) / (1 - pe),
 *   v = (1 - n/N) / (n (1 - pe)²) · [Σ_kl p_kl (w_kl - (1 - κ)(w̄_k+ + w̄_+l))² - (pa - 2(1 - κ) pe)²]
 * with w̄_k+ = Σ_l w_kl p_+l and w̄_+l = Σ_k w_kl p_k+. df = n - 1.
 *
 * Differences from kappa2.table, on purpose: the p-value is two-sided like every other coefficient
 * here (kappa2.table reports the one-sided 1 - pt(κ/se)), and a variance that rounds below zero is
 * taken as 0 instead of 1e-100.
 * Degenerate inputs: no common item → all null; fewer than 2 categories or pe = 1 (both raters used
 * one and the same category throughout) → coefficient null; one common item → no standard error.
 */
import { NO_ITEM_IN_COMMON_NOTE, ONE_CATEGORY_NOTE, PE_ONE_NOTE } from "./notes";
import { emptyResult, PE_ONE, withInference } from "./inference";
import { prepareRatings, resolveOptions, samplingFraction, type PreparedRatings, type ResolvedOptions } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, Rating, RatingsMatrix } from "./types";
import { at } from "./weights";

export interface PairCoefficient extends CoefficientResult {
  /** Column indices of the two raters. */
  raterA: number;
  raterB: number;
  /** Items both raters rated (the n of this pair). */
  items: number;
}

export function cohenKappa(
  a: readonly Rating[],
  b: readonly Rating[],
  categoryCount: number,
  options: CoefficientOptions = {},
): CoefficientResult & { items: number } {
  const q = categoryCount;
  const o = resolveOptions(q, options);
  const table = new Float64Array(q * q);
  let n = 0;
  a.forEach((x, i) => {
    const y = b[i];
    if (x == null || y == null) return;
    for (const v of [x, y]) {
      if (!Number.isInteger(v) || v < 0 || v >= q) throw new RangeError(`rating ${v} is not a category index in 0..${q - 1}`);
    }
    table[x * q + y] = (table[x * q + y] as number) + 1;
    n++;
  });
  return kappaOfTable(table, n, q, o);
}

/** Cohen's kappa of a q × q table of n common items (row-major counts). */
function kappaOfTable(table: Float64Array, n: number, q: number, o: ResolvedOptions): CoefficientResult & { items: number } {
  const f = samplingFraction(n, o.populationSize);
  if (n === 0) return { ...emptyResult(NO_ITEM_IN_COMMON_NOTE), items: 0 };
  const w = o.w;
  const p = [...Array(q).keys()].map((k) => [...Array(q).keys()].map((l) => (table[k * q + l] as number) / n));
  const rowM = p.map((row) => row.reduce((s, v) => s + v, 0));
  const colM = [...Array(q).keys()].map((l) => p.reduce((s, row) => s + (row[l] ?? 0), 0));
  let pa = 0;
  let pe = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      pa += at(w, k, l) * at(p, k, l);
      pe += at(w, k, l) * (rowM[k] ?? 0) * (colM[l] ?? 0);
    }
  }
  if (q < 2) return { ...emptyResult(ONE_CATEGORY_NOTE, { pa }), items: n };
  if (pe >= PE_ONE) return { ...emptyResult(PE_ONE_NOTE, { pa, pe }), items: n };
  const kappa = (pa - pe) / (1 - pe);
  const wRow = [...Array(q).keys()].map((k) => colM.reduce((s, c, l) => s + at(w, k, l) * c, 0));
  const wCol = [...Array(q).keys()].map((l) => rowM.reduce((s, r, k) => s + at(w, k, l) * r, 0));
  let sum1 = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      sum1 += at(p, k, l) * (at(w, k, l) - (1 - kappa) * ((wRow[k] ?? 0) + (wCol[l] ?? 0))) ** 2;
    }
  }
  const variance = ((1 - f) / (n * (1 - pe) ** 2)) * (sum1 - (pa - 2 * (1 - kappa) * pe) ** 2);
  return { ...withInference({ pa, pe, coeff: kappa, variance, n, confidenceLevel: o.confidenceLevel }), items: n };
}

/** Cohen's kappa for every pair of raters (columns), in column order: (0,1), (0,2), …, (1,2), … */
export function pairwiseCohenKappa(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): PairCoefficient[] {
  return pairwiseCohenKappaOf(prepareRatings(ratings, categoryCount), options);
}

/** The same from a tally: each pair's table in one pass over the items' codes. */
export function pairwiseCohenKappaOf(p: PreparedRatings, options: CoefficientOptions = {}): PairCoefficient[] {
  const { q, r, codes } = p;
  const o = resolveOptions(q, options);
  const out: PairCoefficient[] = [];
  const table = new Float64Array(q * q);
  for (let g = 0; g < r; g++) {
    for (let h = g + 1; h < r; h++) {
      table.fill(0);
      let n = 0;
      for (let i = 0; i < p.rows; i++) {
        const x = codes[i * r + g] as number;
        const y = codes[i * r + h] as number;
        if (x < 0 || y < 0) continue;
        table[x * q + y] = (table[x * q + y] as number) + 1;
        n++;
      }
      out.push({ raterA: g, raterB: h, ...kappaOfTable(table, n, q, o) });
    }
  }
  return out;
}
