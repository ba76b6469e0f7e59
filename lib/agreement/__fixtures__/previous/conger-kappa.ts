// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
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
import { chanceCorrected } from "./chance-corrected";
import type { PreparedRatings } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";
import { at } from "../../weights";

export function congerKappa(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, congerChance);
}

function congerChance(p: PreparedRatings, w: number[][]): { pe: number; peItem: number[] } {
  const { q, n } = p;
  const raters = [...Array(p.r).keys()].filter((g) => p.rows.some((row) => row[g] != null));
  const r = raters.length;
  const ng = raters.map((g) => p.rows.filter((row) => row[g] != null).length);
  const pgk = raters.map((g, j) => {
    const c = new Array<number>(q).fill(0);
    for (const row of p.rows) {
      const x = row[g];
      if (x != null) c[x] = (c[x] ?? 0) + 1;
    }
    return c.map((v) => v / (ng[j] ?? 1));
  });
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
  const peItem = p.rows.map((row) => {
    let lambda = 0;
    raters.forEach((g, j) => {
      const x = row[g];
      const eps = x != null ? 1 : 0;
      const ngj = ng[j] ?? 1;
      const pg = pgk[j] ?? [];
      for (let k = 0; k < q; k++) {
        let inner = 0;
        for (let l = 0; l < q; l++) {
          const delta = x === l ? 1 : 0;
          inner += at(w, k, l) * (delta - (eps - ngj / n) * (pg[l] ?? 0));
        }
        lambda += (n / ngj) * inner * (r * (pMean[k] ?? 0) - (pg[k] ?? 0));
      }
    });
    return lambda / (r * (r - 1));
  });
  return { pe, peItem };
}
