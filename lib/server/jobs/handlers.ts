// The app's job kinds: dataset imports (the upload route) and evaluation reports. Each handler
// is safe to run again after a worker died mid-way: an import is one transaction and the
// dataset checksum is unique (a second run answers "unchanged" with the first one's dataset);
// a report is stored under a unique (set, options) key and a run that finds it stored returns.
import fs from "node:fs";
import type { ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { importDataset, type ImportOptions, type ImportOutcome } from "../datasets/import-dataset";
import { openFile } from "../datasets/open-file";
import { computeEvaluationReport } from "../evaluations/report";
import type { JobDefinition, JobRegistry } from "./types";

export interface DatasetImportInput {
  actorId: string | null;
  /** Files on disk, readable by every worker (docs/deployment.md: the upload folder). */
  files: { path: string; name: string }[];
  name?: string;
  strict?: boolean;
  /** A layout the uploader chose (FHIR files may have any name); absent: detected. */
  format?: ImportOptions["format"];
}

/** The importer's progress events, as ImportOptions.onProgress gives them. */
export type DatasetImportProgress = Parameters<NonNullable<ImportOptions["onProgress"]>>[0];

export interface EvaluationReportInput {
  setId: string;
  options: ResolvedEvaluationOptions;
  /** The stored report's key, made once by the caller (jsonb does not keep the options' key order). */
  key: string;
}

/** Progress events closer together than this are not sent (the page repaints every 150 ms). */
const PROGRESS_MS = 100;

function throttled(send: (event: unknown) => void): (event: DatasetImportProgress) => void {
  let last = { phase: "", at: 0 };
  return (event) => {
    const phase = "phase" in event ? event.phase : "validating";
    const now = Date.now();
    if (phase === last.phase && now - last.at < PROGRESS_MS) return;
    last = { phase, at: now };
    send(event);
  };
}

const datasetImport: JobDefinition<DatasetImportInput, ImportOutcome> = {
  // An import's transaction may run for up to an hour (import-dataset.ts): only then is it abandoned.
  expireInSeconds: 65 * 60,
  retryLimit: 2,
  handler: async (input, { db, progress }) => {
    // A worker on another machine than the upload's web server needs the upload folder shared.
    const missing = input.files.filter((f) => !fs.existsSync(f.path));
    if (missing.length > 0) {
      const message =
        "the job worker cannot read this uploaded file: the upload folder must be shared by every app and worker process (docs/deployment.md)";
      return { status: "invalid", issues: missing.map((f) => ({ file: f.name, field: "(file)", message })), total: missing.length };
    }
    return importDataset(
      db,
      input.actorId,
      input.files.map((f) => openFile(f.path, f.name)),
      { name: input.name, strict: input.strict, onProgress: throttled(progress), ...(input.format ? { format: input.format } : {}) },
    );
  },
};

const evaluationReport: JobDefinition<EvaluationReportInput, { computeMs: number; cached: boolean }> = {
  expireInSeconds: 30 * 60,
  retryLimit: 2,
  // The same report asked for by several pages or instances is computed once.
  singletonKey: (input) => `${input.setId}:${input.key}`,
  handler: (input, { db }) => computeEvaluationReport(db, input.setId, input.options, input.key),
};

export const APP_JOBS = { "dataset-import": datasetImport, "evaluation-report": evaluationReport } satisfies JobRegistry;
export type AppJobKind = keyof typeof APP_JOBS;
