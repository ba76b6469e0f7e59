// The web process's side of the latent-class intervals: which intervals the dashboard's report
// lacks, handed to the latent-interval thread (one per process, started at the first request for
// it, unreferenced, at the idle priority) or, where no thread can reach the database (an
// in-memory SQLite), to a runner in this process. The thread sends each audit's status as it
// changes; pages read the latest from here and never wait for a thread that may be busy for
// seconds. It reads no snapshot: a job's tasks come from the report thread, relayed here. It is
// capped like the report thread (CLINAUDIT_REPORT_HEAP_MB; out of heap, it restarts with twice as
// much and is asked again) and stopped once idle for `idleExitMs`, or once all it has left is to
// wait for the ratings to be still (a rating session under an open dashboard): this process then
// keeps the jobs (held.ts) and asks a thread again once they may start.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { clientUrl, type Db } from "../../../db/client";
import { env } from "../../../env";
import { latentSettled } from "../../../agreement/latent-class";
import { processWide } from "../../../process-wide";
import type { ShownReport } from "../../../reports/types";
import { log } from "../../log";
import { grownHeapMb, startThread, threadDir, threadServes } from "../../threads/start";
import { HeldJobs } from "./held";
import {
  auditKey,
  type IntervalThreadAnswers,
  type IntervalThreadData,
  type IntervalThreadIdle,
  type IntervalThreadAsks,
  type IntervalStoreAnswer,
  type IntervalThreadReply,
  type IntervalThreadRequest,
  type IntervalThreadStatus,
  type IntervalThreadWaiting,
} from "./protocol";
import { askThread } from "../thread/client";
import { type IntervalProgress, type IntervalRequest, IntervalRunner } from "./runner";
import { databaseStore } from "./store";

const DIR = threadDir("reports", "latent-interval");

type Request = Extract<IntervalThreadRequest, { op: "request" }>;

const state = processWide("latent-interval-thread", () => ({
  /** Off until the server turns it on (instrumentation.ts), so that tests compute only when they ask. */
  enabled: false,
  /** RunnerOptions.quietMs of the threads and runners started from now on. */
  quietMs: 0,
  /** How long the thread may sit idle before it is stopped (ms). */
  idleExitMs: 30_000,
  /** A thread whose jobs all wait at least this long for quiet is stopped, its jobs held here (ms). */
  waitStopMs: 5_000,
  /** The jobs of a thread stopped while it only waited for quiet, asked of a thread again once due. */
  held: new HeldJobs((url, auditId, requests) => {
    // Turned off meanwhile (tests between files): nothing is asked any more.
    if (state.enabled) send({ op: "request", url, auditId, requests });
  }),
  /** The heap of the next thread (MB): the setting, doubled after a thread ran out. */
  heapMb: undefined as number | undefined,
  thread: undefined as Thread | undefined,
  /** Per database URL and audit: the status the thread sent last, and when it arrived (performance.now()). */
  statuses: new Map<string, { progress: IntervalProgress[]; at: number }>(),
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
 * threads and runners started from now on; `idleExitMs`: how long the thread may sit idle;
 * `waitStopMs`: the shortest wait for quiet for which a thread that only waits is stopped.
 */
export function enableLatentIntervals(
  on = true,
  { quietMs = 0, idleExitMs = 30_000, waitStopMs = 5_000 }: { quietMs?: number; idleExitMs?: number; waitStopMs?: number } = {},
): void {
  state.enabled = on;
  state.idleExitMs = idleExitMs;
  state.waitStopMs = waitStopMs;
  if (state.quietMs !== quietMs) {
    state.quietMs = quietMs;
    state.here = undefined;
  }
}

/** The dimensions of a report whose error rate has no interval yet: what the runner is asked for. */
export function missingIntervals(report: ShownReport): IntervalRequest[] {
  return report.dimensions.flatMap((d) => {
    const lc = d.latentClass;
    const rate = lc?.errorRate;
    // A fit the ratings do not determine gets no interval (latentIntervalTasks).
    return lc && rate && rate.interval === null && latentSettled(lc) ? [{ dimension: d.key, inputs: rate.intervalInputs }] : [];
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
    state.here.request(databaseStore(db), scopeOf(db, url), auditId, requests);
    return;
  }
  // A held dimension stays held (held.ts); the others are asked of the thread.
  const forward = state.held.pass(url, auditId, requests, state.quietMs);
  if (forward.length > 0) send({ op: "request", url, auditId, requests: forward });
}

/** Asks the thread (starting one if none runs) for an audit's intervals; kept to ask again of a replacement. */
function send(request: Request): void {
  state.asked.set(auditKey(request.url, request.auditId), request);
  ask(request).catch((error) => log().warn({ err: error }, "latent-interval request failed"));
}

/**
 * The audit's intervals queued or being computed, with the time left where it is known, as the
 * thread last said (its times counted down since), and those held here until their ratings are
 * still; [] when none. Never waits for the thread.
 */
export function latentIntervalStatus(db: Db, auditId: string): IntervalProgress[] {
  const url = clientUrl(db);
  if (!threadServes(url)) return state.here?.status(scopeOf(db, url), auditId) ?? [];
  const told = state.statuses.get(auditKey(url, auditId));
  const since = told ? performance.now() - told.at : 0;
  const running = (told?.progress ?? []).map((p) => ({
    ...p,
    remainingMs: p.remainingMs === null ? null : Math.max(0, p.remainingMs - since),
    quietInMs: Math.max(0, Math.ceil(p.quietInMs - since)),
  }));
  return [...running, ...state.held.status(url, auditId)];
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
  state.held.clear();
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
    if (state.thread === thread) {
      state.thread = undefined;
      // Nothing runs any more: a thread that replaces it says what it takes up again.
      state.statuses.clear();
    }
    clearTimeout(thread.idleTimer);
    for (const p of thread.pending.values()) p.reject(error);
    thread.pending.clear();
  };
  worker.on(
    "message",
    (reply: IntervalThreadReply | IntervalThreadIdle | IntervalThreadWaiting | IntervalThreadAsks | IntervalThreadStatus) => {
      if ("ask" in reply) return relayAsk(thread, reply.ask);
      if ("status" in reply) {
        if (state.thread !== thread) return;
        const { url, auditId, progress } = reply.status;
        if (progress.length === 0) state.statuses.delete(auditKey(url, auditId));
        else state.statuses.set(auditKey(url, auditId), { progress, at: performance.now() });
        return;
      }
      if ("waiting" in reply) {
        // Every job waits for quiet, none runs, nothing else was sent since (nor a count asked,
        // in tests): a thread that only waits holds its heap for nothing. Stop it, keep the jobs.
        const shortest = Math.min(...reply.jobs.map((j) => j.inMs));
        if (state.thread !== thread || reply.waiting !== thread.sent || thread.pending.size > 0 || shortest < state.waitStopMs) return;
        state.asked.clear();
        state.held.hold(reply.jobs);
        return retire(thread);
      }
      if ("idle" in reply) {
        // Another request is on its way: the thread will say so again once that is done.
        if (state.thread !== thread || reply.idle !== thread.sent) return;
        // Whatever was asked is done (or superseded): stop the thread unless asked again meanwhile.
        state.asked.clear();
        const stopWhenIdle = () => {
          if (state.thread !== thread) return;
          // A count request in flight (tests): wait for its answer.
          if (thread.pending.size > 0) return void (thread.idleTimer = setTimeout(stopWhenIdle, 100).unref());
          retire(thread);
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
    },
  );
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

/** Stops a thread with nothing left but to wait; a status still on its way (at most 200 ms) goes with it. */
function retire(thread: Thread): void {
  state.thread = undefined;
  state.statuses.clear();
  clearTimeout(thread.idleTimer);
  void thread.worker.terminate();
}

/**
 * What a job of the thread asks of the database (it has no client: entry.ts), asked of the report
 * thread, which keeps the audit's snapshot for its tasks; no answer to a thread stopped since.
 */
function relayAsk(thread: Thread, { id, url, auditId, ...what }: IntervalThreadAsks["ask"]): void {
  const answer = (answer: IntervalStoreAnswer["answer"]) => {
    if (state.thread === thread) thread.worker.postMessage({ answer } satisfies IntervalStoreAnswer);
  };
  const asked =
    what.op === "tasks"
      ? askThread({ op: "intervalTasks", url, auditId })
      : what.op === "has"
        ? askThread({ op: "hasInterval", url, auditId, dimension: what.dimension, inputs: what.inputs })
        : askThread({ op: "saveInterval", url, auditId, kept: what.kept, computeMs: what.computeMs });
  asked.then(
    (value) => answer({ id, ok: true, value }),
    (error: unknown) => answer({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
}

function ask<R extends IntervalThreadRequest>(request: R): Promise<IntervalThreadAnswers[R["op"]]> {
  state.thread ??= start();
  const thread = state.thread;
  // Work to do: not idle any more (a count request leaves it idle).
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
