// The process-wide job queue for DATABASE_URL: pg-boss on PostgreSQL (workers in other
// processes: scripts/start.ts, `clinaudit worker`), in this process on SQLite.
import "server-only";
import { parseDatabaseUrl } from "../../db/target";
import { databaseUrl } from "../../env";
import { APP_JOBS, type AppJobKind } from "./handlers";
import { inProcessQueue } from "./in-process";
import { pgQueue } from "./pg-queue";
import type { JobDefinition, JobQueue, WaitOptions } from "./types";

const globalForJobs = globalThis as unknown as { clinauditJobs?: JobQueue };

export function jobs(): JobQueue {
  globalForJobs.clinauditJobs ??= queueFor(databaseUrl());
  return globalForJobs.clinauditJobs;
}

export function queueFor(url: string): JobQueue {
  return parseDatabaseUrl(url).provider === "postgres" ? pgQueue(url, APP_JOBS) : inProcessQueue(APP_JOBS);
}

type InputOf<K extends AppJobKind> = (typeof APP_JOBS)[K] extends JobDefinition<infer I, unknown> ? I : never;
type OutputOf<K extends AppJobKind> = (typeof APP_JOBS)[K] extends JobDefinition<never, infer O> ? O : never;

/** Enqueues a job and waits for its output (its progress and state go to `options`). */
export async function runJob<K extends AppJobKind>(kind: K, input: InputOf<K>, options?: WaitOptions): Promise<OutputOf<K>> {
  const queue = jobs();
  const id = await queue.enqueue(kind, input);
  return (await queue.wait(kind, id, options)) as OutputOf<K>;
}
