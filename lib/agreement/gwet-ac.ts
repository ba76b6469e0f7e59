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
import { chanceCorrected, chanceCorrectedOf, type ChanceModel } from "./chance-corrected";
import { prevalence, type PreparedRatings } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";
import { totalWeight } from "./weights";

export function gwetAc1(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, gwetChance);
}

/** AC1 / AC2 of a tally. */
export function gwetAc1Of(p: PreparedRatings, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrectedOf(p, options, gwetChance);
}

function gwetChance(p: PreparedRatings, w: number[][]): ChanceModel {
  const pi = prevalence(p);
  const scale = totalWeight(w) / (p.q * (p.q - 1));
  const pe = scale * pi.reduce((s, x) => s + x * (1 - x), 0);
  const peItem = new Float64Array(p.n);
  for (let i = 0, j = 0; i < p.rows; i++) {
    const ri = p.ri[i] as number;
    if (ri === 0) continue;
    let s = 0;
    for (let k = 0; k < p.q; k++) s += (p.counts[i * p.q + k] as number) * (1 - (pi[k] as number));
    peItem[j++] = (scale * s) / ri;
  }
  return { pe, peItem };
}
