// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
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
import { withInference } from "../../inference";
import { emptyResult } from "./english-notes";
import { observedAgreement, prepareRatings, resolveOptions, samplingFraction, sumSquaredDeviations } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";

export const NO_PAIRS_NOTE = "no item has 2 or more ratings: agreement is undefined";

export function percentAgreement(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  const p = prepareRatings(ratings, categoryCount);
  const o = resolveOptions(p.q, options);
  const f = samplingFraction(p.n, o.populationSize);
  if (p.n2 === 0) return emptyResult(NO_PAIRS_NOTE);
  const { pa, paItem } = observedAgreement(p, o.w);
  const scaled = paItem.map((x) => (p.n / p.n2) * x);
  const variance = ((1 - f) / (p.n * (p.n - 1))) * sumSquaredDeviations(scaled, pa);
  return withInference({ pa, pe: 0, coeff: pa, variance, n: p.n, confidenceLevel: o.confidenceLevel });
}
