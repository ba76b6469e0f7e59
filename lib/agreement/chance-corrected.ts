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
import { emptyResult, PE_ONE, withInference } from "./inference";
import {
  observedAgreement,
  prepareRatings,
  resolveOptions,
  samplingFraction,
  sumSquaredDeviations,
  type PreparedRatings,
} from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";

import { NO_PAIRS_NOTE, ONE_CATEGORY_NOTE, PE_ONE_NOTE } from "./notes";

export interface ChanceModel {
  pe: number;
  /**
   * Per-item chance agreement pe_i, one per rated item in order; null when the coefficient
   * has no chance term to linearise (pe fixed).
   */
  peItem: ArrayLike<number> | null;
}

export type Chance = (p: PreparedRatings, w: number[][]) => ChanceModel;

export function chanceCorrected(
  ratings: RatingsMatrix,
  categoryCount: number,
  options: CoefficientOptions,
  chance: Chance,
): CoefficientResult {
  return chanceCorrectedOf(prepareRatings(ratings, categoryCount), options, chance);
}

/** The same on a tally (the report tallies once for every coefficient). */
export function chanceCorrectedOf(p: PreparedRatings, options: CoefficientOptions, chance: Chance): CoefficientResult {
  const o = resolveOptions(p.q, options);
  const f = samplingFraction(p.n, o.populationSize);
  if (p.n2 === 0) return emptyResult(NO_PAIRS_NOTE);
  const { pa, paItem } = observedAgreement(p, o.w);
  if (p.q < 2) return emptyResult(ONE_CATEGORY_NOTE, { pa });
  const { pe, peItem } = chance(p, o.w);
  if (pe >= PE_ONE) return emptyResult(PE_ONE_NOTE, { pa, pe });
  const coeff = (pa - pe) / (1 - pe);
  const terms = new Float64Array(p.n);
  for (let i = 0, j = 0; i < p.rows; i++) {
    const ri = p.ri[i] as number;
    if (ri === 0) continue;
    const ci = ((p.n / p.n2) * ((paItem[j] as number) - (ri >= 2 ? pe : 0))) / (1 - pe);
    terms[j] = peItem === null ? ci : ci - (2 * (1 - coeff) * ((peItem[j] as number) - pe)) / (1 - pe);
    j++;
  }
  const variance = ((1 - f) / (p.n * (p.n - 1))) * sumSquaredDeviations(terms, coeff);
  return withInference({ pa, pe, coeff, variance, n: p.n, confidenceLevel: o.confidenceLevel });
}
