// PostgreSQL: jobs live in pg-boss's tables (schema "pgboss", created by pg-boss itself on
// first start, under its own advisory lock), so any app process can enqueue and any worker
// process runs them. A running job's worker beats every few seconds, moving the job's expiry to
// a short lease ahead (capped by its kind's expireInSeconds), so a job whose worker died expires
// within about a minute (lease + maintenance interval) and is run again (KindOptions). The beats
// come from a thread of their own (heartbeat-thread/), so a handler holding the event loop past
// the lease is not taken for dead and run a second time beside itself. Progress travels by
// NOTIFY on one channel (payload: job id and event), the outcome by polling the job.
import PgBoss from "pg-boss";
import pg from "pg";
import { createDb, type Db } from "../../db/client";
import { type Heartbeat, startHeartbeat } from "./heartbeat-thread/client";
import { JobFailedError, type JobQueue, type JobRegistry, type WaitOptions } from "./types";
import { log } from "../log";

const CHANNEL = "clinaudit_job_progress";
/** NOTIFY payloads are limited to 8,000 bytes; progress events are far smaller. */
const MAX_PAYLOAD = 7_900;
const POLL_MS = 250;
/** Not the migration (72707369) or first-start setup (72707370) lock. */
const QUEUE_SETUP_LOCK_ID = 72707371;
/** What pg-boss writes as the output of a job it expired (failJobsByTimeout). */
const EXPIRED = "job failed by timeout in active state";
export interface PgQueueOptions {
  /** Seconds between a worker's polls for new jobs (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Seconds between maintenance runs (expiry of abandoned jobs), shared by all processes. */
  maintenanceIntervalSeconds?: number;
  /** Seconds between a running job's heartbeats (default 5). */
  heartbeatSeconds?: number;
  /** A job whose worker has not beaten for this long is expired at the next maintenance (default 30). */
  leaseSeconds?: number;
  /** The client the handlers get; default: one made for `url` when work() starts. */
  db?: Db;
}

export function pgQueue(url: string, registry: JobRegistry, options: PgQueueOptions = {}): JobQueue {
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    application_name: "clinaudit-jobs",
  });
  boss.on("error", (error) => log().error({ err: error, scope: "jobs" }, "job queue error"));
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= (async () => {
      await boss.start();
      // Two processes creating the same queue at once deadlock inside pg-boss (each queue is a
      // partition attached to its job table): one at a time, under an advisory lock.
      const lock = new pg.Client({ connectionString: url, application_name: "clinaudit-jobs-setup" });
      await lock.connect();
      try {
        await lock.query("SELECT pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_ID]);
        for (const [kind, d] of Object.entries(registry)) {
          if (await boss.getQueue(kind)) continue;
          await boss.createQueue(kind, {
            name: kind,
            policy: d.singletonKey ? "singleton" : "standard",
            expireInSeconds: d.expireInSeconds,
            retryLimit: d.retryLimit,
            retryDelay: 1,
          });
        }
      } finally {
        await lock.end(); // releases the session lock
      }
    })());

  // One LISTEN connection per process for every waiter of this process.
  const waiters = new Map<string, Set<WaitOptions>>();
  let listener: Promise<pg.Client> | undefined;
  const listen = () =>
    (listener ??= (async () => {
      const client = new pg.Client({ connectionString: url, application_name: "clinaudit-job-progress" });
      client.on("error", (error) => log().error({ err: error, scope: "jobs" }, "progress listener failed"));
      client.on("notification", (n) => {
        if (!n.payload) return;
        const { id, event } = JSON.parse(n.payload) as { id: string; event: unknown };
        for (const w of waiters.get(id) ?? []) w.onProgress?.(event);
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    })());

  // Progress notices and heartbeats: two connections, so a beat never waits behind a burst of notices.
  const notifier = new pg.Pool({ connectionString: url, max: 2, application_name: "clinaudit-job-progress" });
  notifier.on("error", (error) => log().error({ err: error, scope: "jobs" }, "progress notifier failed"));
  const notify = (id: string, event: unknown) => {
    const payload = JSON.stringify({ id, event });
    if (payload.length > MAX_PAYLOAD) return;
    notifier
      .query("SELECT pg_notify($1, $2)", [CHANNEL, payload])
      .catch((error: unknown) => log().error({ err: error, scope: "jobs" }, "progress notice failed"));
  };

  let workerDb: Db | undefined;
  let heartbeat: Promise<Heartbeat> | undefined;
  return {
    mode: "postgres",
    async enqueue(kind, input) {
      const definition = registry[kind];
      if (!definition) throw new Error(`no job handler for kind "${kind}"`);
      await start();
      const singletonKey = (definition.singletonKey as ((i: unknown) => string) | undefined)?.(input);
      const id = await boss.send(kind, input as object, singletonKey ? { singletonKey } : {});
      if (!id) throw new Error(`pg-boss refused a job of kind "${kind}"`);
      return id;
    },
    async wait(kind, id, options = {}) {
      await start();
      if (options.onProgress) {
        await listen();
        const set = waiters.get(id) ?? new Set<WaitOptions>();
        waiters.set(id, set.add(options));
      }
      try {
        let seen: string | undefined;
        for (;;) {
          const job = await boss.getJobById<unknown>(kind, id, { includeArchive: true });
          if (!job) throw new JobFailedError(kind, id, "no such job");
          const workerStopped = reason(job.output) === EXPIRED;
          if (job.state === "retry" && seen !== "retry")
            options.onRetry?.({ attempt: job.retryCount + 2, attempts: job.retryLimit + 1, workerStopped });
          const state = job.state === "created" || job.state === "retry" ? "queued" : job.state;
          if ((state === "queued" || state === "active") && state !== seen) options.onState?.(state);
          seen = job.state === "retry" ? "retry" : state;
          if (state === "completed") return job.output;
          if (state === "failed" || state === "cancelled")
            throw new JobFailedError(kind, id, reason(job.output), workerStopped ? { attempts: job.retryCount + 1 } : undefined);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      } finally {
        waiters.get(id)?.delete(options);
        if (waiters.get(id)?.size === 0) waiters.delete(id);
      }
    },
    async work() {
      await start();
      const db = options.db ?? (workerDb ??= createDb(url));
      const heart = await (heartbeat ??= startHeartbeat(
        { url, leaseSeconds: options.leaseSeconds ?? 30, intervalMs: (options.heartbeatSeconds ?? 5) * 1000 },
        (sql, params) => notifier.query(sql, params),
      ));
      for (const [kind, d] of Object.entries(registry)) {
        const handler = d.handler as (input: unknown, c: unknown) => Promise<unknown>;
        // One job at a time per kind in each worker process (an import holds a few hundred MB).
        await boss.work<object>(kind, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }, async ([job]) => {
          await heart.begin(kind, job!.id, d.expireInSeconds);
          try {
            return await handler(job!.data, { jobId: job!.id, db, progress: (event: unknown) => notify(job!.id, event) });
          } finally {
            heart.end(job!.id);
          }
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 }).catch(() => {});
      await (await heartbeat)?.close().catch(() => {});
      await notifier.end().catch(() => {});
      if (listener) await (await listener).end().catch(() => {});
      await workerDb?.$disconnect();
    },
  };
}

function reason(output: unknown): string {
  // pg-boss wraps a failure that is not an object, and its own expiry message, in { value }.
  if (output && typeof output === "object" && "value" in output && Object.keys(output).length === 1) return reason(output.value);
  if (output && typeof output === "object" && "message" in output) return String((output as { message: unknown }).message);
  return output === undefined || output === null ? "unknown" : JSON.stringify(output).slice(0, 500);
}
