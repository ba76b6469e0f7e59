/**
 * Percent agreement (irrCAC pa.coeff.raw): the mean, over items with 2+ ratings, of the (weighted)
 * share of agreeing rater pairs. pe is 0, so the coefficient is pa itself.
 *
 * Variance (irrCAC): with n items rated at least once, n2 of them twice or more,
 *   pa_i* = (n / n2) · pa_i  (0 for items rated once),  v = (1 - n/N) / (n (n - 1)) · Σ (pa_i* - pa)².
 *
 * Degenerate inputs: no item with 2+ ratings (including a single rater) → every field null with a
 * note; a single item → pa and coeff, no standard error (see inference.ts).
 */
import { emptyResult, withInference } from "./inference";
import {
  observedAgreement,
  prepareRatings,
  resolveOptions,
  samplingFraction,
  sumSquaredDeviations,
  type PreparedRatings,
} from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";

import { NO_PAIRS_NOTE } from "./notes";

export function percentAgreement(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return percentAgreementOf(prepareRatings(ratings, categoryCount), options);
}

/** Percent agreement of a tally. */
export function percentAgreementOf(p: PreparedRatings, options: CoefficientOptions = {}): CoefficientResult {
  const o = resolveOptions(p.q, options);
  const f = samplingFraction(p.n, o.populationSize);
  if (p.n2 === 0) return emptyResult(NO_PAIRS_NOTE);
  const { pa, paItem } = observedAgreement(p, o.w);
  const scaled = paItem.map((x) => (p.n / p.n2) * x); // Float64Array.map: no boxing
  const variance = ((1 - f) / (p.n * (p.n - 1))) * sumSquaredDeviations(scaled, pa);
  return withInference({ pa, pe: 0, coeff: pa, variance, n: p.n, confidenceLevel: o.confidenceLevel });
}
