// A job worker: runs the app's jobs (APP_JOBS) from the PostgreSQL queue in this process until
// stopped. Started by `npm start` beside the web server (its own process, so a long import or
// report never holds up a page) and by `clinaudit worker`. On SQLite there is nothing to start:
// jobs run in the app process that enqueued them. Each import runs in a thread of this process
// under CLINAUDIT_IMPORT_HEAP_MB (./capped.ts), as an upload's does on SQLite.
import { parseDatabaseUrl } from "../../db/target";
import { env } from "../../env";
import { cappedJobs } from "./capped";
import { pgQueue, type PgQueueOptions } from "./pg-queue";
import type { JobQueue } from "./types";

/** `importHeapMb`: the imports' heap cap (default CLINAUDIT_IMPORT_HEAP_MB). */
export async function startWorker(
  url: string,
  { importHeapMb, ...options }: PgQueueOptions & { importHeapMb?: number } = {},
): Promise<JobQueue | undefined> {
  if (parseDatabaseUrl(url).provider !== "postgres") return undefined;
  const queue = pgQueue(url, cappedJobs(importHeapMb ?? env().CLINAUDIT_IMPORT_HEAP_MB), options);
  await queue.work();
  return queue;
}
