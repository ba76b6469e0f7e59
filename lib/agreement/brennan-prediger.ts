/**
 * Brennan–Prediger coefficient as irrCAC bp.coeff.raw: pe = T_w / q² (T_w the sum of the weights,
 * q the number of declared categories). pe does not depend on the ratings, so its variance has no
 * chance term to linearise.
 *
 * Degenerate inputs: see chance-corrected.ts; all ratings in one category give a coefficient of 1.
 */
import { chanceCorrected, chanceCorrectedOf, type ChanceModel } from "./chance-corrected";
import type { PreparedRatings } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";
import { totalWeight } from "./weights";

const bpChance = (p: PreparedRatings, w: number[][]): ChanceModel => ({ pe: totalWeight(w) / (p.q * p.q), peItem: null });

export function brennanPrediger(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, bpChance);
}

/** Brennan–Prediger of a tally. */
export function brennanPredigerOf(p: PreparedRatings, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrectedOf(p, options, bpChance);
}
