// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
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
import { ONE_CATEGORY_NOTE, PE_ONE_NOTE } from "./chance-corrected";
import { PE_ONE, withInference } from "../../inference";
import { emptyResult } from "./english-notes";
import { resolveOptions, samplingFraction } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, Rating, RatingsMatrix } from "../../types";
import { at } from "../../weights";

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
  const table = [...Array(q)].map(() => new Array<number>(q).fill(0));
  let n = 0;
  a.forEach((x, i) => {
    const y = b[i];
    if (x == null || y == null) return;
    for (const v of [x, y]) {
      if (!Number.isInteger(v) || v < 0 || v >= q) throw new RangeError(`rating ${v} is not a category index in 0..${q - 1}`);
    }
    const row = table[x];
    if (row) row[y] = (row[y] ?? 0) + 1;
    n++;
  });
  const f = samplingFraction(n, o.populationSize);
  if (n === 0) return { ...emptyResult("the two raters have no rated item in common"), items: 0 };
  const w = o.w;
  const p = table.map((row) => row.map((v) => v / n));
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
  const r = ratings[0]?.length ?? 0;
  const column = (g: number) => ratings.map((row) => row[g] ?? null);
  const out: PairCoefficient[] = [];
  for (let g = 0; g < r; g++) {
    for (let h = g + 1; h < r; h++) {
      const res = cohenKappa(column(g), column(h), categoryCount, options);
      out.push({ raterA: g, raterB: h, ...res });
    }
  }
  return out;
}
