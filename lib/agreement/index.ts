/** Public surface of the agreement engine: pure functions, plain data in and out. */
export type { CoefficientOptions, CoefficientResult, Rating, RatingsMatrix, WeightKind } from "./types";
export { weightMatrix } from "./weights";
export { percentAgreement } from "./percent-agreement";
export { agreementShares, type AgreementShares } from "./agreement-shares";
export { majorityVote, type MajorityVote } from "./majority-vote";
export { gwetAc1 } from "./gwet-ac";
export { fleissKappa } from "./fleiss-kappa";
export { krippendorffAlpha } from "./krippendorff-alpha";
export { congerKappa } from "./conger-kappa";
export { brennanPrediger } from "./brennan-prediger";
export { cohenKappa, pairwiseCohenKappa, type PairCoefficient } from "./cohen-kappa";
export { errorRateBound, type ErrorRateBound } from "./error-rate-bound";
export {
  estimateFromDesign,
  stratifiedErrorRateBound,
  type RecordedDesign,
  type StratifiedBound,
  type StratifiedEstimate,
  type StratumTally,
} from "./stratified-bound";
export {
  previewModelGuidedPlan,
  previewStratifiedDesign,
  simulateAudits,
  type ModelGuidedPlan,
  type SimulationSummary,
} from "./stratified-preview";
export { expectedAc1HalfWidth, smallestSampleForBound, type Ac1Plan, type Ac1PlanInput, type SamplePlan } from "./sample-plan";
export { toRatingsTable, type LongRating, type RatingsTable } from "./long-format";
export {
  buildAgreementReport,
  buildDimensionReport,
  REPORT_VERSION,
  type AgreementReport,
  type DimensionReport,
  type DimensionReportInput,
} from "./report";
