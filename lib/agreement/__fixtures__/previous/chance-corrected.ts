// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * The skeleton shared by the irrCAC coefficients whose variance is built from per-item terms
 * (AC1/AC2, Fleiss, Conger, Brennan–Prediger): prepare, check the degenerate cases, compute
 * pa and pe, then the linearised variance
 *   c_i = (n / n2) (pa_i - pe·[r_i ≥ 2]) / (1 - pe)
 *   c_i* = c_i - 2 (1 - coeff) (pe_i - pe) / (1 - pe)
 *   v = (1 - n/N) / (n (n - 1)) Σ (c_i* - coeff)²
 * Each coefficient supplies pe and the per-item chance agreement pe_i.
 *
 * Degenerate inputs (documented in README.md):
 *   - no item with 2+ ratings (a single rater, or everything rated once) → all null + note;
 *   - fewer than 2 declared categories → pa only; coefficient null (chance agreement is 1);
 *   - pe = 1 (all ratings in one category for kappa-type coefficients) → pa and pe, coefficient null;
 *   - a single item → coefficient, no standard error.
 */
import { PE_ONE, withInference } from "../../inference";
import { emptyResult } from "./english-notes";
import { NO_PAIRS_NOTE } from "./percent-agreement";
import {
  observedAgreement,
  prepareRatings,
  resolveOptions,
  samplingFraction,
  sumSquaredDeviations,
  type PreparedRatings,
} from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";

export const ONE_CATEGORY_NOTE =
  "fewer than 2 categories: chance agreement is 1 and the coefficient is undefined (declare the rubric's categories)";
export const PE_ONE_NOTE = "chance agreement is 1 (every rating falls in one category): the coefficient is undefined";

export interface ChanceModel {
  pe: number;
  /** Per-item chance agreement pe_i; null when the coefficient has no chance term to linearise (pe fixed). */
  peItem: number[] | null;
}

export function chanceCorrected(
  ratings: RatingsMatrix,
  categoryCount: number,
  options: CoefficientOptions,
  chance: (p: PreparedRatings, w: number[][]) => ChanceModel,
): CoefficientResult {
  const p = prepareRatings(ratings, categoryCount);
  const o = resolveOptions(p.q, options);
  const f = samplingFraction(p.n, o.populationSize);
  if (p.n2 === 0) return emptyResult(NO_PAIRS_NOTE);
  const { pa, paItem } = observedAgreement(p, o.w);
  if (p.q < 2) return emptyResult(ONE_CATEGORY_NOTE, { pa });
  const { pe, peItem } = chance(p, o.w);
  if (pe >= PE_ONE) return emptyResult(PE_ONE_NOTE, { pa, pe });
  const coeff = (pa - pe) / (1 - pe);
  const terms = paItem.map((pai, i) => {
    const ri = p.ri[i] ?? 0;
    const ci = ((p.n / p.n2) * (pai - (ri >= 2 ? pe : 0))) / (1 - pe);
    const pei = peItem?.[i];
    return pei === undefined ? ci : ci - (2 * (1 - coeff) * (pei - pe)) / (1 - pe);
  });
  const variance = ((1 - f) / (p.n * (p.n - 1))) * sumSquaredDeviations(terms, coeff);
  return withInference({ pa, pe, coeff, variance, n: p.n, confidenceLevel: o.confidenceLevel });
}
