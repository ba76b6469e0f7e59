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

/** The most used category and its share of all ratings. */
export interface TopCategory {
  category: string;
  share: number;
}

/**
 * Why AC1 and the kappa-type coefficients diverge, as data: the dashboard words it in the
 * reader's language, `divergenceExplanation` in the reports' English.
 */
export type Divergence =
  | { kind: "one-category"; top: TopCategory; ac1: number }
  | { kind: "prevalence"; top: TopCategory }
  | { kind: "uneven"; top: TopCategory; ac1: number; fleiss: number | null; alpha: number | null };

export function divergenceCase(r: Pick<DimensionReport, "coefficients" | "ratings">): Divergence | null {
  const ac1 = r.coefficients.gwetAc1.coeff;
  if (ac1 === null || r.ratings.total === 0) return null;
  const best = r.ratings.perCategory.reduce((a, b) => (b.count > a.count ? b : a), { category: "", count: -1 });
  const top = { category: best.category, share: best.count / r.ratings.total };
  const fleiss = r.coefficients.fleissKappa.coeff;
  const alpha = r.coefficients.krippendorffAlpha.coeff;
  if (fleiss === null && alpha === null) {
    // Reached when every rating is in one category: kappa's chance agreement is 1.
    if (r.coefficients.fleissKappa.pe === null) return null;
    return { kind: "one-category", top, ac1 };
  }
  const gap = Math.max(...[fleiss, alpha].filter((x): x is number => x !== null).map((x) => Math.abs(ac1 - x)));
  if (!(gap > DIVERGENCE_THRESHOLD)) return null;
  if (top.share > PREVALENCE_THRESHOLD) return { kind: "prevalence", top };
  // Below the paradox threshold the cause is the same, milder: uneven use of the categories raises
  // kappa's chance agreement (sum of squared shares) much more than AC1's.
  return { kind: "uneven", top, ac1, fleiss, alpha };
}

export function divergenceExplanation(
  r: Pick<DimensionReport, "coefficients" | "ratings">,
  labelOf: (category: string) => string = (c) => c,
): string | null {
  const d = divergenceCase(r);
  if (d === null) return null;
  const topText = `${(100 * d.top.share).toFixed(0)}% '${labelOf(d.top.category)}'`;
  switch (d.kind) {
    case "one-category":
      return (
        `All ratings fall in one category (${topText}); Fleiss' kappa and Krippendorff's alpha are not defined ` +
        `because their chance agreement is 1, while AC1 is ${fixed(d.ac1)}.`
      );
    case "prevalence":
      return (
        `Most ratings fall in one category (${topText}); kappa-type coefficients are depressed by this ` +
        `imbalance while AC1 is not (the prevalence paradox).`
      );
    case "uneven":
      return (
        `AC1 (${fixed(d.ac1)}) and Fleiss' kappa (${fixed(d.fleiss)}) / Krippendorff's alpha (${fixed(d.alpha)}) differ by ` +
        `more than ${DIVERGENCE_THRESHOLD}: the categories are used unevenly (most common: ${topText}), which raises ` +
        `the chance agreement of kappa-type coefficients more than that of AC1.`
      );
  }
}
