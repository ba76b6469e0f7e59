/** Server-renderable dashboard pieces; each takes one dimension of `computeAuditReport`'s output. */
export { AgreementBreakdownChart } from "./agreement-breakdown-chart";
export { CategoryDistributionChart } from "./category-distribution-chart";
export { CoefficientTable } from "./coefficient-table";
export { DisagreementList } from "./disagreement-list";
export { MajoritySummary } from "./majority-summary";
export { PairwiseMatrix } from "./pairwise-matrix";
