/**
 * Fleiss' generalised kappa as irrCAC fleiss.kappa.raw (Gwet's form: missing ratings allowed,
 * optional weights):
 *   π_k = mean_i r_ik / r_i,  pe = Σ_kl w_kl π_k π_l,
 *   pe_i = Σ_k r_ik π̄_k / r_i  with π̄ = (W π + Wᵀ π) / 2.
 *
 * Degenerate inputs: see chance-corrected.ts; all ratings in one category give pe = 1 and a null
 * coefficient with a note.
 */
import { chanceCorrected, chanceCorrectedOf, type ChanceModel } from "./chance-corrected";
import { prevalence, type PreparedRatings } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";
import { bilinear, symmetricWeighted } from "./weights";

export function fleissKappa(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, fleissChance);
}

/** Fleiss' kappa of a tally. */
export function fleissKappaOf(p: PreparedRatings, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrectedOf(p, options, fleissChance);
}

function fleissChance(p: PreparedRatings, w: number[][]): ChanceModel {
  const pi = prevalence(p);
  const pe = bilinear(w, pi, pi);
  const piW = symmetricWeighted(w, pi);
  const peItem = new Float64Array(p.n);
  for (let i = 0, j = 0; i < p.rows; i++) {
    const ri = p.ri[i] as number;
    if (ri === 0) continue;
    let s = 0;
    for (let k = 0; k < p.q; k++) s += (p.counts[i * p.q + k] as number) * (piW[k] as number);
    peItem[j++] = s / ri;
  }
  return { pe, peItem };
}
