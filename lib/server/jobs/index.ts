// The job queue of a database client: pg-boss on PostgreSQL (one per database URL in this
// process; the work runs in worker processes: scripts/start.ts, `clinaudit worker`), in this
// process on SQLite (one per client, its handlers given that client; imports in a capped thread).
import "server-only";
import { clientUrl, type Db } from "../../db/client";
import { parseDatabaseUrl } from "../../db/target";
import { processWide } from "../../process-wide";
import { env } from "../../env";
import { cappedJobs } from "./capped";
import { APP_JOBS, type AppJobKind } from "./handlers";
import { inProcessQueue } from "./in-process";
import { pgQueue } from "./pg-queue";
import type { JobDefinition, JobQueue, WaitOptions } from "./types";

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

type InputOf<K extends AppJobKind> = (typeof APP_JOBS)[K] extends JobDefinition<infer I, unknown> ? I : never;
type OutputOf<K extends AppJobKind> = (typeof APP_JOBS)[K] extends JobDefinition<never, infer O> ? O : never;

/** Enqueues a job on `db`'s queue and waits for its output (its progress and state go to `options`). */
export async function runJob<K extends AppJobKind>(db: Db, kind: K, input: InputOf<K>, options?: WaitOptions): Promise<OutputOf<K>> {
  const queue = jobsFor(db);
  const id = await queue.enqueue(kind, input);
  return (await queue.wait(kind, id, options)) as OutputOf<K>;
}
