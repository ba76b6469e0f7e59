// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
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
import { ONE_CATEGORY_NOTE, PE_ONE_NOTE } from "./chance-corrected";
import { PE_ONE, withInference } from "../../inference";
import { emptyResult } from "./english-notes";
import { NO_PAIRS_NOTE } from "./percent-agreement";
import { prepareRatings, resolveOptions, samplingFraction, sumSquaredDeviations } from "./ratings-matrix";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "../../types";
import { at, bilinear, symmetricWeighted } from "../../weights";

export function krippendorffAlpha(ratings: RatingsMatrix, categoryCount: number, options: CoefficientOptions = {}): CoefficientResult {
  const p = prepareRatings(ratings, categoryCount);
  const o = resolveOptions(p.q, options);
  const f = samplingFraction(p.n, o.populationSize);
  const keep = p.ri.map((ri, i) => (ri >= 2 ? i : -1)).filter((i) => i >= 0);
  const n = keep.length;
  if (n === 0) return emptyResult(NO_PAIRS_NOTE);
  const counts = keep.map((i) => p.counts[i] ?? []);
  const ri = keep.map((i) => p.ri[i] ?? 0);
  const q = p.q;
  const w = o.w;
  const riMean = ri.reduce((a, b) => a + b, 0) / n;
  const epsi = 1 / ri.reduce((a, b) => a + b, 0);
  const sumQ = counts.map((c) => {
    let s = 0;
    for (let k = 0; k < q; k++) {
      let weighted = 0;
      for (let l = 0; l < q; l++) weighted += at(w, k, l) * (c[l] ?? 0);
      s += (c[k] ?? 0) * (weighted - 1);
    }
    return s;
  });
  const paRaw = sumQ.map((s, i) => s / (riMean * ((ri[i] ?? 0) - 1)));
  const paPrime = paRaw.reduce((a, b) => a + b, 0) / n;
  const pa = (1 - epsi) * paPrime + epsi;
  if (q < 2) return emptyResult(ONE_CATEGORY_NOTE, { pa });
  const pi = [...Array(q).keys()].map((k) => counts.reduce((s, c) => s + (c[k] ?? 0) / riMean, 0) / n);
  const pe = bilinear(w, pi, pi);
  if (pe >= PE_ONE) return emptyResult(PE_ONE_NOTE, { pa, pe });
  const alpha = (pa - pe) / (1 - pe);
  const alphaPrime = (paPrime - pe) / (1 - pe);
  const piW = symmetricWeighted(w, pi);
  const terms = counts.map((c, i) => {
    const shift = ((ri[i] ?? 0) - riMean) / riMean;
    const pai = (paRaw[i] ?? 0) - pa * shift;
    let s = 0;
    for (let k = 0; k < q; k++) s += (c[k] ?? 0) * (piW[k] ?? 0);
    const pei = s / riMean - pe * shift;
    return (pai - pe) / (1 - pe) - (2 * (1 - alphaPrime) * (pei - pe)) / (1 - pe);
  });
  const variance = ((1 - f) / (n * (n - 1))) * sumSquaredDeviations(terms, alphaPrime);
  return withInference({ pa, pe, coeff: alpha, variance, n, confidenceLevel: o.confidenceLevel });
}
