// The app's jobs with each dataset import in a thread of its own under a heap cap
// (CLINAUDIT_IMPORT_HEAP_MB): the web process's queue on SQLite, a job worker's on PostgreSQL
// (`npm start`, `clinaudit worker`). An import over the cap ends located, nothing written, and the
// process goes on (serving pages, or working the next job).
import { APP_JOBS, datasetImportJob } from "./handlers";
import { importInThread } from "./import-thread/client";
import type { JobRegistry } from "./types";

export function cappedJobs(heapMb: number) {
  return { ...APP_JOBS, [datasetImportJob.kind]: { ...datasetImportJob, handler: importInThread(heapMb) } } satisfies JobRegistry;
}
