/**
 * One line explaining why Gwet's AC1 and the kappa-type coefficients (Fleiss' kappa, Krippendorff's
 * alpha) disagree, because readers of a paper otherwise take a high AC1 next to a low kappa for an
 * error. The usual cause is the prevalence paradox: when nearly every rating is in one category,
 * kappa's chance agreement approaches 1 and the coefficient collapses even though the raters agree,
 * while AC1's chance term does not. Uses only numbers already in the engine's report.
 */
import type { DimensionReport } from "../agreement/report";
import { fixed } from "./format";

/** |AC1 − kappa| above this is called a divergence. */
export const DIVERGENCE_THRESHOLD = 0.2;
/** Share of all ratings in one category above which the prevalence paradox is named. */
export const PREVALENCE_THRESHOLD = 0.8;

export function divergenceExplanation(r: DimensionReport, labelOf: (category: string) => string = (c) => c): string | null {
  const ac1 = r.coefficients.gwetAc1.coeff;
  if (ac1 === null || r.ratings.total === 0) return null;
  const top = r.ratings.perCategory.reduce((a, b) => (b.count > a.count ? b : a), { category: "", count: -1 });
  const share = top.count / r.ratings.total;
  const topText = `${(100 * share).toFixed(0)}% '${labelOf(top.category)}'`;
  const fleiss = r.coefficients.fleissKappa.coeff;
  const alpha = r.coefficients.krippendorffAlpha.coeff;
  if (fleiss === null && alpha === null) {
    // Reached when every rating is in one category: kappa's chance agreement is 1.
    if (r.coefficients.fleissKappa.pe === null) return null;
    return (
      `All ratings fall in one category (${topText}); Fleiss' kappa and Krippendorff's alpha are not defined ` +
      `because their chance agreement is 1, while AC1 is ${fixed(ac1)}.`
    );
  }
  const gap = Math.max(...[fleiss, alpha].filter((x): x is number => x !== null).map((x) => Math.abs(ac1 - x)));
  if (!(gap > DIVERGENCE_THRESHOLD)) return null;
  if (share > PREVALENCE_THRESHOLD) {
    return (
      `Most ratings fall in one category (${topText}); kappa-type coefficients are depressed by this ` +
      `imbalance while AC1 is not (the prevalence paradox).`
    );
  }
  // Below the paradox threshold the cause is the same, milder: uneven use of the categories raises
  // kappa's chance agreement (sum of squared shares) much more than AC1's.
  return (
    `AC1 (${fixed(ac1)}) and Fleiss' kappa (${fixed(fleiss)}) / Krippendorff's alpha (${fixed(alpha)}) differ by ` +
    `more than ${DIVERGENCE_THRESHOLD}: the categories are used unevenly (most common: ${topText}), which raises ` +
    `the chance agreement of kappa-type coefficients more than that of AC1.`
  );
}
