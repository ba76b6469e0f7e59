// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * Gwet's AC1 (unweighted) / AC2 (weighted) for any number of raters, as irrCAC gwet.ac1.raw:
 *   π_k = mean_i r_ik / r_i,  pe = T_w Σ_k π_k (1 - π_k) / (q (q - 1))  with T_w the sum of the weights,
 *   pe_i = T_w / (q (q - 1)) · Σ_k r_ik (1 - π_k) / r_i.
 * q is the number of DECLARED categories: an unused category still lowers pe, which is why the
 * rubric's full category list must always be passed.
 *
 * Degenerate inputs: see chance-corrected.ts. pe < 1 whenever q ≥ 2, so all ratings in one
 * category give AC1 = 1 (with se 0 when every item has 2+ ratings), not an undefined value.
 */
import { chanceCorrected } from "./chance-corrected";
import { prevalence } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";
import { totalWeight } from "../../weights";

export function gwetAc1(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, (p, w) => {
    const pi = prevalence(p);
    const scale = totalWeight(w) / (p.q * (p.q - 1));
    const pe = scale * pi.reduce((s, x) => s + x * (1 - x), 0);
    const peItem = p.counts.map((c, i) => {
      let s = 0;
      for (let k = 0; k < p.q; k++) s += (c[k] ?? 0) * (1 - (pi[k] ?? 0));
      return (scale * s) / (p.ri[i] ?? 1);
    });
    return { pe, peItem };
  });
}
