/**
 * Conger's generalised kappa as irrCAC conger.kappa.raw: chance agreement from each rater's own
 * marginal distribution p_gk (share of rater g's ratings in category k),
 *   p̄_k = mean_g p_gk,  s²_kl = (Σ_g p_gk p_gl - r p̄_k p̄_l) / (r - 1),
 *   pe = Σ_kl w_kl (p̄_k p̄_l - s²_kl / r),
 * and pe_i from irrCAC's λ_ig terms (linearisation of pe in each rater's marginals).
 *
 * Raters who rated nothing are left out (their marginals do not exist; irrCAC would give NaN).
 * With two raters and no missing rating this is Cohen's kappa.
 * Degenerate inputs: see chance-corrected.ts; all ratings in one category give pe = 1 and a null
 * coefficient with a note.
 */
import { chanceCorrected, chanceCorrectedOf } from "./chance-corrected";
import type { PreparedRatings } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";
import { at } from "./weights";

export function congerKappa(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, congerChance);
}

/** Conger's kappa of a tally. */
export function congerKappaOf(p: PreparedRatings, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrectedOf(p, options, congerChance);
}

function congerChance(p: PreparedRatings, w: number[][]): { pe: number; peItem: Float64Array } {
  const { q, n, codes } = p;
  const R = p.r;
  // Per rater: ratings given and their counts per category (over the rated items).
  const given = new Int32Array(R);
  const perCategory = new Int32Array(R * q);
  for (let i = 0; i < p.rows; i++) {
    for (let g = 0; g < R; g++) {
      const x = codes[i * R + g] as number;
      if (x < 0) continue;
      given[g] = (given[g] as number) + 1;
      perCategory[g * q + x] = (perCategory[g * q + x] as number) + 1;
    }
  }
  const raters = [...Array(R).keys()].filter((g) => (given[g] as number) > 0);
  const r = raters.length;
  const ng = raters.map((g) => given[g] as number);
  const pgk = raters.map((g, j) => [...Array(q).keys()].map((k) => (perCategory[g * q + k] as number) / (ng[j] ?? 1)));
  const pMean = [...Array(q).keys()].map((k) => pgk.reduce((s, pg) => s + (pg[k] ?? 0), 0) / r);
  let pe = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      const cross = pgk.reduce((s, pg) => s + (pg[k] ?? 0) * (pg[l] ?? 0), 0);
      const mm = (pMean[k] ?? 0) * (pMean[l] ?? 0);
      const s2 = (cross - r * mm) / (r - 1);
      pe += at(w, k, l) * (mm - s2 / r);
    }
  }
  // λ_i = Σ_g Σ_k term(g, x_ig, k): each term depends only on the rater and the category they
  // gave (or none), so the r × (q + 1) × q terms are computed once and each item adds up its own,
  // in the same order as before (bit for bit the same sums; 100,000 × 5 went from ~110 ms to a few).
  const terms = new Float64Array(r * (q + 1) * q);
  raters.forEach((_, j) => {
    const ngj = ng[j] ?? 1;
    const pg = pgk[j] ?? [];
    for (let x = -1; x < q; x++) {
      const eps = x >= 0 ? 1 : 0;
      for (let k = 0; k < q; k++) {
        let inner = 0;
        for (let l = 0; l < q; l++) {
          const delta = x === l ? 1 : 0;
          inner += at(w, k, l) * (delta - (eps - ngj / n) * (pg[l] ?? 0));
        }
        terms[(j * (q + 1) + x + 1) * q + k] = (n / ngj) * inner * (r * (pMean[k] ?? 0) - (pg[k] ?? 0));
      }
    }
  });
  const peItem = new Float64Array(n);
  for (let i = 0, out = 0; i < p.rows; i++) {
    if (p.ri[i] === 0) continue;
    let lambda = 0;
    for (let j = 0; j < r; j++) {
      const base = (j * (q + 1) + (codes[i * R + (raters[j] as number)] as number) + 1) * q;
      for (let k = 0; k < q; k++) lambda += terms[base + k] as number;
    }
    peItem[out++] = lambda / (r * (r - 1));
  }
  return { pe, peItem };
}
