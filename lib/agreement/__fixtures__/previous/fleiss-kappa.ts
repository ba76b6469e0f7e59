// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * Fleiss' generalised kappa as irrCAC fleiss.kappa.raw (Gwet's form: missing ratings allowed,
 * optional weights):
 *   π_k = mean_i r_ik / r_i,  pe = Σ_kl w_kl π_k π_l,
 *   pe_i = Σ_k r_ik π̄_k / r_i  with π̄ = (W π + Wᵀ π) / 2.
 *
 * Degenerate inputs: see chance-corrected.ts; all ratings in one category give pe = 1 and a null
 * coefficient with a note.
 */
import { chanceCorrected } from "./chance-corrected";
import { prevalence } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";
import { bilinear, symmetricWeighted } from "../../weights";

export function fleissKappa(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, (p, w) => {
    const pi = prevalence(p);
    const pe = bilinear(w, pi, pi);
    const piW = symmetricWeighted(w, pi);
    const peItem = p.counts.map((c, i) => {
      let s = 0;
      for (let k = 0; k < p.q; k++) s += (c[k] ?? 0) * (piW[k] ?? 0);
      return s / (p.ri[i] ?? 1);
    });
    return { pe, peItem };
  });
}
