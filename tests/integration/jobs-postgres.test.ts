// The PostgreSQL job queue (pg-boss): a job whose worker is killed mid-way is picked up by
// another worker once it expires, and runs to completion exactly once; progress reaches a
// waiter in another process than the worker.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { pgQueue } from "@/lib/server/jobs/pg-queue";
import { JobFailedError, type JobQueue, type JobRetry, type WaitOptions } from "@/lib/server/jobs/types";
import { postgres } from "./databases";
import { createTestTables, EXPIRE_SECONDS, LONG_KIND, ONCE_KIND, TEST_KIND, testRegistry } from "./job-test-kind";

const enabled = Boolean(process.env.TEST_POSTGRES_URL);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** A worker process; resolves once it printed `line` (e.g. "started <id>"). */
function workerProcess(url: string) {
  // The react-server condition, as `npm start` and the CLI run: the heartbeat thread's modules are server-only.
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "job-worker-child.ts"), url],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stderr.on("data", (c) => (err += c));
  const printed = (line: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`worker did not print "${line}" in ${timeoutMs} ms; stdout: ${out} stderr: ${err}`)),
        timeoutMs,
      );
      const check = () => {
        if (out.includes(line)) {
          clearTimeout(timer);
          child.stdout.off("data", onData);
          resolve();
        }
      };
      const onData = (c: Buffer) => {
        out += c.toString();
        check();
      };
      child.stdout.on("data", onData);
      check();
    });
  return { child, printed };
}

describe.runIf(enabled)("job queue on PostgreSQL", () => {
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await postgres.dropAll();
  });

  it("a job survives a worker crash: another worker runs it after expiry, to completion once", async () => {
    const url = await postgres.create();
    await createTestTables(url);
    // The enqueuing side (an app process) works no jobs itself.
    const app = pgQueue(url, testRegistry(url));
    queues.push(app);
    const first = workerProcess(url);
    await first.printed("ready");
    const id = await app.enqueue(TEST_KIND, { sleepMs: 1500 });
    const progress: unknown[] = [];
    const states: string[] = [];
    const waiting = app.wait(TEST_KIND, id, { onProgress: (e) => progress.push(e), onState: (s) => states.push(s) });
    await first.printed(`started ${id}`);
    first.child.kill("SIGKILL"); // mid-job: before its 1.5 s sleep ends
    await new Promise((resolve) => first.child.once("exit", resolve));

    const started = Date.now();
    const second = pgQueue(url, testRegistry(url), { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    queues.push(second);
    await second.work();
    const output = (await waiting) as { pid: number; completed: boolean };
    expect(output).toEqual({ pid: process.pid, completed: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual((EXPIRE_SECONDS - 2) * 1000);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const runs = (await client.query("SELECT pid FROM job_runs WHERE job_id = $1 ORDER BY at", [id])).rows.map((r) => r.pid as number);
    const done = (await client.query("SELECT pid FROM job_done WHERE job_id = $1", [id])).rows.map((r) => r.pid as number);
    await client.end();
    expect(runs).toEqual([first.child.pid, process.pid]);
    expect(done).toEqual([process.pid]);
    expect(states).toContain("active");
    // The second run's progress reached the waiter (the first run's may have too).
    expect(progress).toContainEqual({ step: "sleeping" });
  }, 120_000);

  /** A job of `kind` (two minutes' sleep, 0.2 s on a retry) whose worker child is SIGKILLed once it started; its waiter. */
  async function killedMidJob(kind: string, options: WaitOptions = {}) {
    const url = await postgres.create();
    await createTestTables(url);
    const app = pgQueue(url, testRegistry(url), { maintenanceIntervalSeconds: 1 });
    queues.push(app);
    const first = workerProcess(url);
    await first.printed("ready");
    const id = await app.enqueue(kind, { sleepMs: 120_000, retrySleepMs: 200 });
    const waiting = app.wait(kind, id, options);
    waiting.catch(() => {}); // awaited by the test
    await first.printed(`started ${id}`);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    return { url, waiting };
  }

  // Issue 31, finding 10: an import may run for an hour, so its kind expires after 65 minutes; a
  // dead worker's job used to wait that long, silently. The heartbeat lease (3 s in the child)
  // expires it within seconds of the last beat, and the waiter hears why.
  it("a killed worker's ten-minute job is requeued within seconds of its last heartbeat, and the waiter is told", async () => {
    const retries: { retry: JobRetry; at: number }[] = [];
    const { url, waiting } = await killedMidJob(LONG_KIND, { onRetry: (retry) => retries.push({ retry, at: Date.now() }) });
    const killed = Date.now();

    const second = pgQueue(url, testRegistry(url), { pollingIntervalSeconds: 0.5 });
    queues.push(second);
    await second.work();
    const output = (await waiting) as { pid: number; completed: boolean };
    expect(output).toEqual({ pid: process.pid, completed: true });
    expect(retries.map((r) => r.retry)).toEqual([{ attempt: 2, attempts: 4, workerStopped: true }]);
    // Lease 3 s + maintenance every 1 s + the waiter's poll: well under 15 s (not 600).
    expect(retries[0]!.at - killed).toBeLessThan(15_000);
  }, 60_000);

  it("a job whose worker died on its last attempt fails as stopped, with the attempts counted", async () => {
    const error = await (await killedMidJob(ONCE_KIND)).waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect((error as JobFailedError).stopped).toEqual({ attempts: 1 });
  }, 60_000);

  // Issue 31, finding 10: a live worker whose handler held the event loop longer than the lease
  // (3 s in the child) looked dead: its job was expired and run again beside it by another worker.
  // The beats now come from a thread of their own, which a held event loop does not stop.
  it("a worker whose handler holds its event loop past the lease keeps its job: run once, no retry", async () => {
    const url = await postgres.create();
    await createTestTables(url);
    const retries: JobRetry[] = [];
    const app = pgQueue(url, testRegistry(url), { maintenanceIntervalSeconds: 1 });
    queues.push(app);
    const first = workerProcess(url);
    await first.printed("ready");
    const id = await app.enqueue(LONG_KIND, { sleepMs: 0, blockMs: 9_000 });
    const waiting = app.wait(LONG_KIND, id, { onRetry: (retry) => retries.push(retry) });
    waiting.catch(() => {}); // awaited below
    await first.printed(`started ${id}`);
    // Another worker stands by, as in a deployment: a job expired by mistake would run here.
    const second = pgQueue(url, testRegistry(url), { pollingIntervalSeconds: 0.5 });
    queues.push(second);
    await second.work();
    const output = (await waiting) as { pid: number; completed: boolean };
    expect(output).toEqual({ pid: first.child.pid, completed: true });
    expect(retries).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const runs = await client.query("SELECT pid FROM job_runs WHERE job_id = $1", [id]);
    await client.end();
    expect(runs.rows).toEqual([{ pid: first.child.pid }]);
    first.child.kill("SIGKILL");
  }, 90_000);

  it("jobs enqueued from two processes are each run once by a pool of workers", async () => {
    const url = await postgres.create();
    await createTestTables(url);
    const a = pgQueue(url, testRegistry(url), { pollingIntervalSeconds: 0.5 });
    const b = pgQueue(url, testRegistry(url), { pollingIntervalSeconds: 0.5 });
    queues.push(a, b);
    await Promise.all([a.work(), b.work()]);
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).enqueue(TEST_KIND, { sleepMs: 50 })));
    const outputs = await Promise.all(ids.map((id, i) => (i % 2 ? b : a).wait(TEST_KIND, id)));
    expect(outputs.every((o) => (o as { completed: boolean }).completed)).toBe(true);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("SELECT job_id, count(*)::int AS n FROM job_runs GROUP BY job_id");
    await client.end();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  }, 120_000);
});
