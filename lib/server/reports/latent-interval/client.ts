// The web process's side of the latent-class intervals: which intervals the dashboard's report
// lacks, handed to the latent-interval thread (one per process, started at the first request for
// it, unreferenced, at the idle priority) or, where no thread can reach the database (an
// in-memory SQLite), to a runner in this process that yields every SLICE_MS.
// The thread holds a full review's snapshot while it computes, so it is capped like the report
// thread (CLINAUDIT_REPORT_HEAP_MB; out of heap, it restarts with twice as much and is asked
// again) and stopped once idle for IDLE_EXIT_MS: its heap goes back to the system between uses.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { clientUrl, type Db } from "../../../db/client";
import { env } from "../../../env";
import { processWide } from "../../../process-wide";
import { within } from "../../../within";
import type { ShownReport } from "../../../reports/types";
import { log } from "../../log";
import { grownHeapMb, startThread, threadDir, threadServes } from "../../threads/start";
import type { IntervalThreadAnswers, IntervalThreadData, IntervalThreadIdle, IntervalThreadReply, IntervalThreadRequest } from "./protocol";
import { type IntervalProgress, type IntervalRequest, IntervalRunner } from "./runner";

const DIR = threadDir("reports", "latent-interval");

type Request = Extract<IntervalThreadRequest, { op: "request" }>;

const state = processWide("latent-interval-thread", () => ({
  /** Off until the server turns it on (instrumentation.ts), so that tests compute only when they ask. */
  enabled: false,
  /** RunnerOptions.quietMs of the threads and runners started from now on. */
  quietMs: 0,
  /** How long the thread may sit idle before it is stopped (ms). */
  idleExitMs: 30_000,
  /** The heap of the next thread (MB): the setting, doubled after a thread ran out. */
  heapMb: undefined as number | undefined,
  thread: undefined as Thread | undefined,
  /** What the thread was asked to compute since it was last idle: asked again of a thread that replaces it. */
  asked: new Map<string, Request>(),
  /** Threads started in this process (tests read it). */
  started: 0,
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

/**
 * Lets dashboards start interval computations in this process (server start; tests that test
 * them). `quietMs`: how long a dimension's ratings must be still before a superseding computation
 * starts (the server: CLINAUDIT_INTERVAL_QUIET_SECONDS; tests: none unless they test it), for
 * threads and runners started from now on; `idleExitMs`: how long the thread may sit idle.
 */
export function enableLatentIntervals(
  on = true,
  { quietMs = 0, idleExitMs = 30_000 }: { quietMs?: number; idleExitMs?: number } = {},
): void {
  state.enabled = on;
  state.idleExitMs = idleExitMs;
  if (state.quietMs !== quietMs) {
    state.quietMs = quietMs;
    state.here = undefined;
  }
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
    state.here ??= new IntervalRunner({ quietMs: state.quietMs });
    state.here.request(db, scopeOf(db, url), auditId, requests);
    return;
  }
  const request: Request = { op: "request", url, auditId, requests };
  state.asked.set(`${url}\u0000${auditId}`, request);
  ask(request).catch((error) => log().warn({ err: error }, "latent-interval request failed"));
}

/**
 * The audit's intervals queued or being computed, with the time left where it is known; [] when
 * none, or when the thread has not answered within `waitMs` (when given).
 */
export async function latentIntervalStatus(db: Db, auditId: string, o: { waitMs?: number } = {}): Promise<IntervalProgress[]> {
  const url = clientUrl(db);
  if (!threadServes(url)) return state.here?.status(scopeOf(db, url), auditId) ?? [];
  if (!state.thread) return [];
  const answer = ask({ op: "status", url, auditId });
  if (o.waitMs === undefined) return answer;
  // A thread still loading its modules, or reading a full review's snapshot, answers only after
  // seconds: a page does not wait for that, it says the interval is being computed.
  answer.catch(() => {});
  const answered = await within(answer, o.waitMs);
  return answered === "later" ? [] : answered;
}

/** The thread's counts (tests), or the in-process runner's. */
export async function latentIntervalCounts(db: Db) {
  if (!threadServes(clientUrl(db))) return { ...(state.here?.counts ?? { computed: 0, superseded: 0, stale: 0, read: 0 }) };
  return ask({ op: "counts" });
}

/** Whether a thread is running now, how many were started, and the next one's heap (tests). */
export function latentIntervalThread() {
  return { running: state.thread !== undefined, started: state.started, heapMb: intervalHeapMb() };
}

/** Stops the thread and forgets the in-process runner (tests: a restart's fresh process state). */
export async function stopLatentIntervals(): Promise<void> {
  state.here = undefined;
  state.asked.clear();
  await state.thread?.worker.terminate();
}

/** Stops the thread; the next starts with `heapMb` (tests: a heap too small), or the setting again. */
export async function restartLatentIntervals(heapMb?: number): Promise<void> {
  await stopLatentIntervals();
  state.heapMb = heapMb;
}

function intervalHeapMb(): number {
  state.heapMb ??= env().CLINAUDIT_REPORT_HEAP_MB;
  return state.heapMb;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** "request"s sent to it: it is idle when it has done as many. */
  sent: number;
  /** Armed while it is idle; it stops the thread when it fires. */
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

function start(): Thread {
  const heapMb = intervalHeapMb();
  const data: IntervalThreadData = { quietMs: state.quietMs };
  // Below the report thread: nobody waits on an interval, and a dashboard waits on its report.
  const worker = startThread(path.join(DIR, "entry.ts"), { data, priority: "idle", resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  worker.unref();
  state.started++;
  const thread: Thread = { worker, pending: new Map(), sent: 0, idleTimer: undefined };
  const fail = (error: Error) => {
    if (state.thread === thread) state.thread = undefined;
    clearTimeout(thread.idleTimer);
    for (const p of thread.pending.values()) p.reject(error);
    thread.pending.clear();
  };
  worker.on("message", (reply: IntervalThreadReply | IntervalThreadIdle) => {
    if ("idle" in reply) {
      // Another request is on its way: the thread will say so again once that is done.
      if (state.thread !== thread || reply.idle !== thread.sent) return;
      // Whatever was asked is done (or superseded): stop the thread unless asked again meanwhile.
      state.asked.clear();
      const stopWhenIdle = () => {
        if (state.thread !== thread) return;
        // A status or count request in flight: wait for its answer.
        if (thread.pending.size > 0) return void (thread.idleTimer = setTimeout(stopWhenIdle, 100).unref());
        state.thread = undefined;
        void worker.terminate();
      };
      clearTimeout(thread.idleTimer);
      thread.idleTimer = setTimeout(stopWhenIdle, state.idleExitMs).unref();
      return;
    }
    const p = thread.pending.get(reply.id);
    thread.pending.delete(reply.id);
    if (thread.pending.size === 0) worker.unref();
    if (reply.ok) p?.resolve(reply.value);
    else p?.reject(new Error(reply.message));
  });
  worker.on("error", (error) => {
    const grown = grownHeapMb(error, heapMb, env().CLINAUDIT_REPORT_HEAP_MB);
    if (grown !== null) {
      state.heapMb = grown;
      log().warn(
        { heapMb, nextHeapMb: state.heapMb },
        "the latent-interval thread ran out of its heap: it restarts with twice the heap (raise CLINAUDIT_REPORT_HEAP_MB)",
      );
      fail(error);
      // What it was computing is asked again of a thread with more room.
      for (const request of state.asked.values()) ask(request).catch((e) => log().warn({ err: e }, "latent-interval request failed"));
      return;
    }
    log().error({ err: error }, "latent-interval thread failed");
    fail(error);
  });
  worker.on("exit", (code) => fail(new Error(`the latent-interval thread stopped (exit code ${code})`)));
  return thread;
}

function ask<R extends IntervalThreadRequest>(request: R): Promise<IntervalThreadAnswers[R["op"]]> {
  state.thread ??= start();
  const thread = state.thread;
  // Work to do: not idle any more (a status or count request leaves it idle).
  if (request.op === "request") {
    clearTimeout(thread.idleTimer);
    thread.sent++;
  }
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    // Referenced while a request waits, so a test awaiting an answer does not exit under it.
    thread.worker.ref();
    thread.worker.postMessage({ id, request });
  });
}
