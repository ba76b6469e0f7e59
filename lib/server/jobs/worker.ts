// A job worker: runs the app's jobs (APP_JOBS) from the PostgreSQL queue in this process until
// stopped. Started by `npm start` beside the web server (its own process, so a long import or
// report never holds up a page) and by `clinaudit worker`. On SQLite there is nothing to start:
// jobs run in the app process that enqueued them.
import { parseDatabaseUrl } from "../../db/target";
import { APP_JOBS } from "./handlers";
import { pgQueue, type PgQueueOptions } from "./pg-queue";
import type { JobQueue } from "./types";

export async function startWorker(url: string, options?: PgQueueOptions): Promise<JobQueue | undefined> {
  if (parseDatabaseUrl(url).provider !== "postgres") return undefined;
  const queue = pgQueue(url, APP_JOBS, options);
  await queue.work();
  return queue;
}
