import type { LongRating } from "../agreement/long-format";
import type { DimensionReportInput } from "../agreement/report";
import type { AuditSnapshot, RubricDimension } from "./snapshot";

/** The engine input for a dimension; exported so tests can check the CLI sees the same input. */
export function engineInput(s: AuditSnapshot, d: RubricDimension, ratings: readonly LongRating[]): DimensionReportInput {
  return {
    dimension: d.key,
    ratings,
    categories: d.categories.map((c) => c.key),
    categoriesDeclared: true,
    tieCategory: d.tieCategory,
    weights: "unweighted",
    populationSize: s.audit.populationSize ?? Infinity,
    confidenceLevel: s.audit.confidenceLevel ?? 0.95,
  };
}
