// The job kind of the queue tests: records each run's start (which process ran it) and, once
// at most, its completion (a primary key is the completion guard), sleeping in between.
import pg from "pg";
import type { JobContext, JobRegistry } from "@/lib/server/jobs/types";

export const TEST_KIND = "test-slow";
export const EXPIRE_SECONDS = 3;
/** A kind that may run for ten minutes: only its worker's heartbeat can expire it sooner. */
export const LONG_KIND = "test-long";
/** The same with no retry: a run whose worker dies fails the job. */
export const ONCE_KIND = "test-once";

export async function createTestTables(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE job_runs (job_id text NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE job_done (job_id text PRIMARY KEY, pid int NOT NULL)`);
  await client.end();
}

export function testRegistry(url: string): JobRegistry {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {}); // the test drops its database under open connections
  // A retry (a run recorded before) sleeps `retrySleepMs` instead, so a test need not wait out the first sleep again.
  // `blockMs`: the run first holds its event loop that long (a synchronous step), as no await can interrupt.
  const handler = async (input: { sleepMs: number; retrySleepMs?: number; blockMs?: number }, { jobId, progress }: JobContext) => {
    const before = await pool.query("SELECT 1 FROM job_runs WHERE job_id = $1", [jobId]);
    await pool.query("INSERT INTO job_runs (job_id, pid) VALUES ($1, $2)", [jobId, process.pid]);
    process.stdout.write(`started ${jobId}\n`);
    progress({ step: "sleeping" });
    for (const until = Date.now() + (input.blockMs ?? 0); Date.now() < until; );
    const sleepMs = before.rowCount && input.retrySleepMs !== undefined ? input.retrySleepMs : input.sleepMs;
    await new Promise((resolve) => setTimeout(resolve, sleepMs));
    const done = await pool.query("INSERT INTO job_done (job_id, pid) VALUES ($1, $2) ON CONFLICT DO NOTHING", [jobId, process.pid]);
    return { pid: process.pid, completed: done.rowCount === 1 };
  };
  return {
    [TEST_KIND]: { expireInSeconds: EXPIRE_SECONDS, retryLimit: 3, handler },
    [LONG_KIND]: { expireInSeconds: 600, retryLimit: 3, handler },
    [ONCE_KIND]: { expireInSeconds: 600, retryLimit: 0, handler },
  };
}
