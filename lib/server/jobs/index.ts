// The job queue of a database client: pg-boss on PostgreSQL (one per database URL in this
// process; the work runs in worker processes: scripts/start.ts, `clinaudit worker`), in this
// process on SQLite (one per client, its handlers given that client; imports in a capped thread).
import "server-only";
import { clientUrl, type Db } from "../../db/client";
import { parseDatabaseUrl } from "../../db/target";
import { processWide } from "../../process-wide";
import { env } from "../../env";
import { cappedJobs } from "./capped";
import { APP_JOBS } from "./handlers";
import { inProcessQueue } from "./in-process";
import { pgQueue } from "./pg-queue";
import type { JobKind, JobQueue, WaitOptions } from "./types";

export function jobsFor(db: Db): JobQueue {
  const cache = processWide("jobs", () => ({ byUrl: new Map<string, JobQueue>(), byDb: new WeakMap<Db, JobQueue>() }));
  const url = clientUrl(db);
  if (parseDatabaseUrl(url).provider === "postgres") {
    let queue = cache.byUrl.get(url);
    if (!queue) cache.byUrl.set(url, (queue = pgQueue(url, APP_JOBS)));
    return queue;
  }
  let queue = cache.byDb.get(db);
  if (!queue) cache.byDb.set(db, (queue = inProcessQueue(cappedJobs(env().CLINAUDIT_IMPORT_HEAP_MB), db)));
  return queue;
}

/**
 * Enqueues a job on `db`'s queue and waits for its output (its progress and state go to `options`).
 * `job` is the kind's handle (handlers.ts: datasetImportJob, evaluationReportJob): input and output are its handler's.
 */
export async function runJob<I, O>(db: Db, job: JobKind<string, I, O>, input: I, options?: WaitOptions): Promise<O> {
  const queue = jobsFor(db);
  const id = await queue.enqueue(job.kind, input);
  return (await queue.wait(job.kind, id, options)) as O;
}
