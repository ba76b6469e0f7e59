// The app's job kinds: dataset imports (the upload route) and evaluation reports. Each handler
// is safe to run again after a worker died mid-way: an import is one transaction and the
// dataset checksum is unique (a second run answers "unchanged" with the first one's dataset);
// a report is stored under a unique (set, options) key and a run that finds it stored returns.
import type { ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { computeEvaluationReport } from "../evaluations/compute-report";
import { runDatasetImport } from "./dataset-import";
import { type JobContext, jobKind, type JobRegistry } from "./types";

export type { DatasetImportInput, DatasetImportProgress } from "./dataset-import";

export interface EvaluationReportInput {
  setId: string;
  options: ResolvedEvaluationOptions;
  /** The stored report's key, made once by the caller (jsonb does not keep the options' key order). */
  key: string;
}

export const datasetImportJob = jobKind("dataset-import", {
  // An import's transaction may run for up to an hour (import-dataset.ts): only then is it abandoned.
  expireInSeconds: 65 * 60,
  retryLimit: 2,
  handler: runDatasetImport,
});

export const evaluationReportJob = jobKind("evaluation-report", {
  expireInSeconds: 30 * 60,
  retryLimit: 2,
  // The same report asked for by several pages or instances is computed once.
  singletonKey: (input) => `${input.setId}:${input.key}`,
  handler: (input: EvaluationReportInput, { db }: JobContext) => computeEvaluationReport(db, input.setId, input.options, input.key),
});

/** Every kind the app's queues run, by queue name (a worker registers each). */
export const APP_JOBS = {
  [datasetImportJob.kind]: datasetImportJob,
  [evaluationReportJob.kind]: evaluationReportJob,
} satisfies JobRegistry;
