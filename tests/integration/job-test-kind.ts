// The job kind of the queue tests: records each run's start (which process ran it) and, once
// at most, its completion (a primary key is the completion guard), sleeping in between.
import pg from "pg";
import type { JobRegistry } from "@/lib/server/jobs/types";

export const TEST_KIND = "test-slow";
export const EXPIRE_SECONDS = 3;

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
  return {
    [TEST_KIND]: {
      expireInSeconds: EXPIRE_SECONDS,
      retryLimit: 3,
      handler: async (input: { sleepMs: number }, { jobId, progress }) => {
        await pool.query("INSERT INTO job_runs (job_id, pid) VALUES ($1, $2)", [jobId, process.pid]);
        process.stdout.write(`started ${jobId}\n`);
        progress({ step: "sleeping" });
        await new Promise((resolve) => setTimeout(resolve, input.sleepMs));
        const done = await pool.query("INSERT INTO job_done (job_id, pid) VALUES ($1, $2) ON CONFLICT DO NOTHING", [jobId, process.pid]);
        return { pid: process.pid, completed: done.rowCount === 1 };
      },
    },
  };
}
