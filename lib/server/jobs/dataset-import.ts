// The dataset-import job (the upload route's import): files from the upload folder imported with
// their progress sent to the uploader, throttled. On SQLite it runs in an import thread of the web
// process (import-thread/), on PostgreSQL in a worker process (handlers.ts).
import fs from "node:fs";
import { importDataset, type ImportOptions, type ImportOutcome } from "../datasets/import-dataset";
import { openFile } from "../datasets/open-file";
import { located } from "../../formats/issues";
import type { JobContext } from "./types";

export interface DatasetImportInput {
  actorId: string | null;
  /** Files on disk, readable by every worker (docs/deployment.md: the upload folder). */
  files: { path: string; name: string }[];
  name?: string;
  strict?: boolean;
  /** A layout the uploader chose (FHIR files may have any name); absent: detected. */
  format?: ImportOptions["format"];
  /** The IANA zone of times without an offset (`clinaudit import --time-zone`); absent: the default. */
  timeZone?: string;
}

/** The importer's progress events, as ImportOptions.onProgress gives them. */
export type DatasetImportProgress = Parameters<NonNullable<ImportOptions["onProgress"]>>[0];

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

/** Runs one dataset-import job with `db` in this thread. */
export async function runDatasetImport(
  input: DatasetImportInput,
  { db, progress }: Pick<JobContext, "db" | "progress">,
): Promise<ImportOutcome> {
  // A worker on another machine than the upload's web server needs the upload folder shared.
  const missing = input.files.filter((f) => !fs.existsSync(f.path));
  if (missing.length > 0) {
    const issues = missing.map((f) => located({ file: f.name, field: "(file)" }, { code: "formats.uploadNotShared" }));
    return { status: "invalid", issues, total: missing.length };
  }
  return importDataset(
    db,
    input.actorId,
    input.files.map((f) => openFile(f.path, f.name)),
    {
      name: input.name,
      strict: input.strict,
      onProgress: throttled(progress),
      ...(input.format ? { format: input.format } : {}),
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    },
  );
}
