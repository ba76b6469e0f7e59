/** Display names shared by the text exports and the dashboard, so they never drift apart. */
import type { DimensionReport } from "../agreement/report";
import type { DimensionAuditReport } from "./types";

export type CoefficientKey = keyof DimensionReport["coefficients"];

/** The engine's coefficients in the order every table lists them (AC1 first: the headline). */
export const COEFFICIENT_ORDER: readonly CoefficientKey[] = [
  "gwetAc1",
  "fleissKappa",
  "krippendorffAlpha",
  "congerKappa",
  "brennanPrediger",
  "percentAgreement",
];

export const COEFFICIENT_NAMES: Record<CoefficientKey, string> = {
  gwetAc1: "Gwet's AC1",
  fleissKappa: "Fleiss' kappa",
  krippendorffAlpha: "Krippendorff's alpha",
  congerKappa: "Conger's kappa",
  brennanPrediger: "Brennan-Prediger",
  percentAgreement: "Percent agreement",
};

/** The rubric label of a category key (the key itself if the rubric somehow lacks it). */
export function categoryLabel(d: Pick<DimensionAuditReport, "categories">, key: string | null): string {
  if (key === null) return "";
  return d.categories.find((c) => c.key === key)?.label ?? key;
}

/** Chapter/level group names; items without one are grouped as "(none)". */
export function groupLabel(group: string | null): string {
  return group ?? "(none)";
}

/** What "no strict majority" means for this many raters, for the tie-rule sentence. */
export function tieExample(raterCount: number): string {
  if (raterCount === 3) return "a three-way split";
  if (raterCount === 2) return "the two raters disagreeing";
  return "e.g. an even split";
}
