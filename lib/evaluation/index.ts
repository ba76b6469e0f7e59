/** Public surface of the model-evaluation statistics: pure functions, plain data in and out. */
export type { BootstrapMethod, BootstrapOptions, Counts, EvalCase, PercentileInterval } from "./types";
export { EvaluationInputError, type EvaluationErrorCode } from "./errors";
export { accuracy, counts, type AccuracySummary } from "./accuracy";
export { DEFAULT_LEVEL, DEFAULT_REPLICATES, modelScopeSeed } from "./bootstrap-settings";
export { QUANTILE_METHOD, quantileSorted } from "./quantile";
export {
  clusterBootstrap,
  clusterBootstrapReplicates,
  CLUSTER_BOOTSTRAP_STREAM,
  type ClusterBootstrapResult,
} from "./cluster-bootstrap";
export { caseBootstrap, caseBootstrapReplicates, CASE_BOOTSTRAP_STREAM } from "./case-bootstrap";
export {
  pairedBootstrap,
  pairedBootstrapReplicates,
  PAIRED_BOOTSTRAP_STREAM,
  type PairedBootstrapResult,
} from "./paired-bootstrap";
export { decisionPoints, splitDecisionPoints, DECISION_POINT_STREAM, type DecisionPointResult } from "./decision-points";
export { breakdown, breakdownBy, BREAKDOWN_STREAM, type Breakdown, type BreakdownDimension, type BreakdownGroup } from "./breakdown";
export {
  conversationAccuracy,
  type ConversationMetric,
  type ConversationResult,
  type ConversationTurn,
  type TripleCounts,
} from "./conversation";
export { evalDataset, evalDatasetFromFiles, type EvalDataset, type EvalItem } from "./eval-dataset";
export { parsePredictions, predictionsChecksum, type ParsedPredictions, type PredictionRow } from "./predictions";
export { buildEvaluationReport, buildEvaluationReportAsync, evaluationSteps, resolveEvaluationOptions } from "./report";
export type { EvaluationOptions, EvaluationReport, PredictionSetInput } from "./report-types";
export { evaluationCsv } from "./export-csv";
export { evaluationJson } from "./export-json";
export { evaluationLatex } from "./export-latex";
export { evaluationText } from "./export-text";
