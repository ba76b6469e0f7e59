// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * Brennan–Prediger coefficient as irrCAC bp.coeff.raw: pe = T_w / q² (T_w the sum of the weights,
 * q the number of declared categories). pe does not depend on the ratings, so its variance has no
 * chance term to linearise.
 *
 * Degenerate inputs: see chance-corrected.ts; all ratings in one category give a coefficient of 1.
 */
import { chanceCorrected } from "./chance-corrected";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";
import { totalWeight } from "../../weights";

export function brennanPrediger(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return chanceCorrected(ratings, categoryCount, options, (p, w) => ({
    pe: totalWeight(w) / (p.q * p.q),
    peItem: null,
  }));
}
