/** Public surface of the audit reports: pure functions from an AuditSnapshot to numbers and text. */
export * from "./types";
export { AUDIT_REPORT_VERSION, computeAuditReport, engineInput } from "./compute";
export { AuditSnapshotError, validateSnapshot } from "./validate-snapshot";
export { DIVERGENCE_THRESHOLD, PREVALENCE_THRESHOLD, divergenceCase, divergenceExplanation, type Divergence } from "./divergence";
export { latentClassCsv, latentReplicatesCsv, majorityLabelsCsv, ratingsLongCsv, ratingsWideCsv } from "./export-csv";
export { reportDocument, reportJson } from "./export-json";
export { mdText, reportMarkdown } from "./export-markdown";
export { latexEscape, reportLatex, type LatexOptions } from "./export-latex";
export { adjudicationSentence, orderSentence, paragraph, timeSentence, type AdjudicationSummary, type ParagraphOptions } from "./paragraph";
export { COEFFICIENT_NAMES, COEFFICIENT_ORDER, categoryLabel, groupLabel, type CoefficientKey } from "./labels";
export * as format from "./format";
export { quantile, timeOnTask, timeOnTaskCsv, type TimeOnTaskSummary } from "./time-on-task";
export { ratingTimesCsv } from "./rating-times";
export { raterQualityCsv } from "./rater-quality-csv";
export { calibrationCsv, calibrationReport, type CalibrationReport, type CalibrationSnapshot } from "./calibration";
