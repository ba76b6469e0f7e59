/**
 * Krippendorff's alpha (nominal, or weighted by the chosen weights) in Gwet's formulation, as
 * irrCAC krippen.alpha.raw. Only items with 2+ ratings take part (n below is their number):
 *   r̄ = mean r_i,  ε = 1 / Σ r_i,  pa' = mean_i Σ_k r_ik (r*_ik - 1) / (r̄ (r_i - 1)),
 *   pa = (1 - ε) pa' + ε,  π_k = mean_i r_ik / r̄,  pe = Σ_kl w_kl π_k π_l,  alpha = (pa - pe) / (1 - pe).
 * The variance is linearised around alpha' = (pa' - pe) / (1 - pe):
 *   a_i = (pa_i - pe)/(1 - pe),  pa_i = Σ_k r_ik (r*_ik - 1)/(r̄ (r_i - 1)) - pa (r_i - r̄)/r̄,
 *   pe_i = Σ_k r_ik π̄_k / r̄ - pe (r_i - r̄)/r̄,  a_i* = a_i - 2 (1 - alpha')(pe_i - pe)/(1 - pe),
 *   v = (1 - f)/(n (n - 1)) Σ (a_i* - alpha')²,
 * with f = (items rated at least once)/N, and df = n - 1 over the items with 2+ ratings. Both the
 * pa (not pa') in pa_i and this df are irrCAC 1.0's, which the reference values pin; later irrCAC
 * releases use pa' there and df over all items, which moves the SE in the 4th decimal.
 *
 * Degenerate inputs: no item with 2+ ratings → all null; fewer than 2 categories or pe = 1 → null
 * coefficient with a note; a single item with 2+ ratings → coefficient without standard error.
 */
import { NO_PAIRS_NOTE, ONE_CATEGORY_NOTE, PE_ONE_NOTE } from "./notes";
import { emptyResult, PE_ONE, withInference } from "./inference";
import {
  flatWeights,
  isIdentity,
  prepareRatings,
  resolveOptions,
  samplingFraction,
  sumSquaredDeviations,
  type PreparedRatings,
} from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";
import { bilinear, symmetricWeighted } from "./weights";

export function krippendorffAlpha(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  return krippendorffAlphaOf(prepareRatings(ratings, categoryCount), options);
}

/** Krippendorff's alpha of a tally. */
export function krippendorffAlphaOf(p: PreparedRatings, options: CoefficientOptions = {}): CoefficientResult {
  const o = resolveOptions(p.q, options);
  const f = samplingFraction(p.n, o.populationSize);
  const n = p.n2; // only items with 2+ ratings take part
  if (n === 0) return emptyResult(NO_PAIRS_NOTE);
  const q = p.q;
  const wf = flatWeights(o.w, q);
  const identity = isIdentity(wf, q);
  // The rows of the items with 2+ ratings, in order.
  const keep = new Int32Array(n);
  for (let i = 0, j = 0; i < p.rows; i++) if ((p.ri[i] as number) >= 2) keep[j++] = i;
  const count = (j: number, k: number) => p.counts[(keep[j] as number) * q + k] as number;
  const riOf = (j: number) => p.ri[keep[j] as number] as number;
  let riSum = 0;
  for (let j = 0; j < n; j++) riSum += riOf(j);
  const riMean = riSum / n;
  const epsi = 1 / riSum;
  const paRaw = new Float64Array(n);
  let paSum = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let k = 0; k < q; k++) {
      let weighted = count(j, k); // unweighted: r*_ik = r_ik, the same exact integer
      if (!identity) {
        weighted = 0;
        for (let l = 0; l < q; l++) weighted += (wf[k * q + l] as number) * count(j, l);
      }
      s += count(j, k) * (weighted - 1);
    }
    paRaw[j] = s / (riMean * (riOf(j) - 1));
    paSum += paRaw[j] as number;
  }
  const paPrime = paSum / n;
  const pa = (1 - epsi) * paPrime + epsi;
  if (q < 2) return emptyResult(ONE_CATEGORY_NOTE, { pa });
  const pi = [...Array(q).keys()].map((k) => {
    let s = 0;
    for (let j = 0; j < n; j++) s += count(j, k) / riMean;
    return s / n;
  });
  const pe = bilinear(o.w, pi, pi);
  if (pe >= PE_ONE) return emptyResult(PE_ONE_NOTE, { pa, pe });
  const alpha = (pa - pe) / (1 - pe);
  const alphaPrime = (paPrime - pe) / (1 - pe);
  const piW = symmetricWeighted(o.w, pi);
  const terms = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const shift = (riOf(j) - riMean) / riMean;
    const pai = (paRaw[j] as number) - pa * shift;
    let s = 0;
    for (let k = 0; k < q; k++) s += count(j, k) * (piW[k] as number);
    const pei = s / riMean - pe * shift;
    terms[j] = (pai - pe) / (1 - pe) - (2 * (1 - alphaPrime) * (pei - pe)) / (1 - pe);
  }
  const variance = ((1 - f) / (n * (n - 1))) * sumSquaredDeviations(terms, alphaPrime);
  return withInference({ pa, pe, coeff: alpha, variance, n, confidenceLevel: o.confidenceLevel });
}
