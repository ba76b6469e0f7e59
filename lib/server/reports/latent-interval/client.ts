// The web process's side of the latent-class intervals: which intervals the dashboard's report
// lacks, handed to the latent-interval thread (one per process, started at the first request for
// it, unreferenced, at the background priority) or, where no thread can reach the database (an
// in-memory SQLite), to a runner in this process that yields every SLICE_MS.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { clientUrl, type Db } from "../../../db/client";
import { processWide } from "../../../process-wide";
import type { ShownReport } from "../../../reports/types";
import { log } from "../../log";
import { startThread, threadDir, threadServes } from "../../threads/start";
import type { IntervalThreadAnswers, IntervalThreadReply, IntervalThreadRequest } from "./protocol";
import { type IntervalProgress, type IntervalRequest, IntervalRunner } from "./runner";

const DIR = threadDir("reports", "latent-interval");

const state = processWide("latent-interval-thread", () => ({
  /** Off until the server turns it on (instrumentation.ts), so that tests compute only when they ask. */
  enabled: false,
  worker: undefined as Worker | undefined,
  pending: new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>(),
  nextId: 0,
  here: undefined as IntervalRunner | undefined,
  /** In-process runs are told apart by client: in-memory databases all have the same URL. */
  clients: new WeakMap<Db, string>(),
}));

function scopeOf(db: Db, url: string): string {
  let scope = state.clients.get(db);
  if (!scope) state.clients.set(db, (scope = `${url}#${state.nextId++}`));
  return scope;
}

/** Lets dashboards start interval computations in this process (server start; tests that test them). */
export function enableLatentIntervals(on = true): void {
  state.enabled = on;
}

/** The dimensions of a report whose error rate has no interval yet: what the runner is asked for. */
export function missingIntervals(report: ShownReport): IntervalRequest[] {
  return report.dimensions.flatMap((d) => {
    const rate = d.latentClass?.errorRate;
    return rate && rate.interval === null ? [{ dimension: d.key, inputs: rate.intervalInputs }] : [];
  });
}

/**
 * Starts (or leaves running) the computation of every interval the audit's current report lacks.
 * Cheap and idempotent: the dashboard and its poll call it with each current report they show.
 */
export function startLatentIntervals(db: Db, auditId: string, report: ShownReport): void {
  const requests = missingIntervals(report);
  if (!state.enabled || requests.length === 0) return;
  const url = clientUrl(db);
  if (!threadServes(url)) {
    state.here ??= new IntervalRunner();
    state.here.request(db, scopeOf(db, url), auditId, requests);
    return;
  }
  ask({ op: "request", url, auditId, requests }).catch((error) => log().warn({ err: error }, "latent-interval request failed"));
}

/** The audit's intervals queued or being computed, with the time left where it is known; [] when none. */
export async function latentIntervalStatus(db: Db, auditId: string): Promise<IntervalProgress[]> {
  const url = clientUrl(db);
  if (!threadServes(url)) return state.here?.status(scopeOf(db, url), auditId) ?? [];
  if (!state.worker) return [];
  return ask({ op: "status", url, auditId });
}

/** The thread's counts (tests), or the in-process runner's. */
export async function latentIntervalCounts(db: Db) {
  if (!threadServes(clientUrl(db))) return { ...(state.here?.counts ?? { computed: 0, superseded: 0, stale: 0, read: 0 }) };
  return ask({ op: "counts" });
}

/** Stops the thread and forgets the in-process runner (tests: a restart's fresh process state). */
export async function stopLatentIntervals(): Promise<void> {
  state.here = undefined;
  await state.worker?.terminate();
}

function start(): Worker {
  // Below the report thread: nobody waits on an interval, and a dashboard waits on its report.
  const worker = startThread(path.join(DIR, "entry.ts"), { priority: "idle" });
  worker.unref();
  const fail = (error: Error) => {
    if (state.worker === worker) state.worker = undefined;
    for (const p of state.pending.values()) p.reject(error);
    state.pending.clear();
  };
  worker.on("message", (reply: IntervalThreadReply) => {
    const p = state.pending.get(reply.id);
    state.pending.delete(reply.id);
    if (state.pending.size === 0) worker.unref();
    if (reply.ok) p?.resolve(reply.value);
    else p?.reject(new Error(reply.message));
  });
  worker.on("error", (error) => {
    log().error({ err: error }, "latent-interval thread failed");
    fail(error);
  });
  worker.on("exit", (code) => fail(new Error(`the latent-interval thread stopped (exit code ${code})`)));
  return worker;
}

function ask<R extends IntervalThreadRequest>(request: R): Promise<IntervalThreadAnswers[R["op"]]> {
  state.worker ??= start();
  const worker = state.worker;
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    state.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    // Referenced while a request waits, so a test awaiting an answer does not exit under it.
    worker.ref();
    worker.postMessage({ id, request });
  });
}
