// The web process's side of the latent-class intervals: which intervals the dashboard's report
// lacks, handed to the latent-interval thread (one per process, started at the first request for
// it, unreferenced, at the idle priority) or, where no thread can reach the database (an
// in-memory SQLite), to a runner in this process that yields every SLICE_MS.
// The thread sends each audit's status as it changes (IntervalThreadStatus); pages read the
// latest from here and never wait for the thread, which may be busy for seconds (loading its
// modules, reading a full review's snapshot, fitting its models).
// The thread reads no snapshot: a job's tasks come from the report thread, which keeps the
// audit's snapshot, relayed here (IntervalThreadNeedsTasks). It is capped like the report thread
// (CLINAUDIT_REPORT_HEAP_MB; out of heap, it restarts with twice as much and is asked again) and
// stopped once idle for `idleExitMs`: its heap goes back to the system between uses.
// A thread whose every job waits for the ratings to be still (a rating session under an open
// dashboard: each change asks for newer inputs, which wait CLINAUDIT_INTERVAL_QUIET_SECONDS) is
// stopped too: this process keeps the jobs ("held") and asks a thread again once they may start.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { clientUrl, type Db } from "../../../db/client";
import { env } from "../../../env";
import { processWide } from "../../../process-wide";
import type { ShownReport } from "../../../reports/types";
import { log } from "../../log";
import { grownHeapMb, startThread, threadDir, threadServes } from "../../threads/start";
import {
  auditKey,
  fromAuditKey,
  type IntervalThreadAnswers,
  type IntervalThreadData,
  type IntervalThreadIdle,
  type IntervalThreadReply,
  type IntervalThreadRequest,
  type IntervalTasksAnswer,
  type IntervalThreadNeedsTasks,
  type IntervalThreadStatus,
  type IntervalThreadWaiting,
} from "./protocol";
import { askThread } from "../thread/client";
import { type IntervalProgress, type IntervalRequest, IntervalRunner, type WaitingJob } from "./runner";

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
  /**
   * Per auditKey and dimension: a job the thread said waits for quiet, taken back when the thread
   * was stopped; asked of a thread again at `notBefore` (performance.now()). A newer request for
   * the dimension replaces it and waits the quiet time again, as the runner's would.
   */
  held: new Map<string, Map<string, { inputs: string; notBefore: number }>>(),
  heldTimer: undefined as ReturnType<typeof setTimeout> | undefined,
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
  const key = auditKey(url, auditId);
  const held = state.held.get(key);
  const now = performance.now();
  // A held dimension stays here: asked again for its inputs, it keeps waiting; for newer ones, it
  // waits the quiet time again (its ratings are still changing), as in the runner.
  const forward = requests.filter((r) => {
    const job = held?.get(r.dimension);
    if (!job) return true;
    if (job.inputs !== r.inputs) held!.set(r.dimension, { inputs: r.inputs, notBefore: now + state.quietMs });
    return false;
  });
  if (held) scheduleHeld();
  if (forward.length > 0) send({ op: "request", url, auditId, requests: forward });
}

/** Asks the thread (starting one if none runs) for an audit's intervals; kept to ask again of a replacement. */
function send(request: Request): void {
  state.asked.set(auditKey(request.url, request.auditId), request);
  ask(request).catch((error) => log().warn({ err: error }, "latent-interval request failed"));
}

/** Keeps the jobs of a thread that only waits for quiet here, to be asked again once they may start. */
function hold(jobs: readonly WaitingJob[]): void {
  const now = performance.now();
  for (const j of jobs) {
    const key = auditKey(j.scope, j.auditId);
    let held = state.held.get(key);
    if (!held) state.held.set(key, (held = new Map()));
    held.set(j.dimension, { inputs: j.inputs, notBefore: now + j.inMs });
  }
  scheduleHeld();
}

/** Arms the timer for the earliest held job; when it fires, the jobs due are asked of a thread. */
function scheduleHeld(): void {
  clearTimeout(state.heldTimer);
  state.heldTimer = undefined;
  const times = [...state.held.values()].flatMap((held) => [...held.values()].map((j) => j.notBefore));
  if (times.length === 0) return;
  state.heldTimer = setTimeout(releaseHeld, Math.max(0, Math.min(...times) - performance.now())).unref();
}

function releaseHeld(): void {
  // Turned off meanwhile (tests between files): nothing is asked any more.
  if (!state.enabled) return void state.held.clear();
  const now = performance.now();
  for (const [key, held] of state.held) {
    const due = [...held].filter(([, j]) => j.notBefore <= now);
    if (due.length === 0) continue;
    for (const [dimension] of due) held.delete(dimension);
    if (held.size === 0) state.held.delete(key);
    const { url, auditId } = fromAuditKey(key);
    send({ op: "request", url, auditId, requests: due.map(([dimension, j]) => ({ dimension, inputs: j.inputs })) });
  }
  scheduleHeld();
}

/**
 * The audit's intervals queued or being computed, with the time left where it is known, as the
 * thread last said (its times counted down since), and those held here until their ratings are
 * still; [] when none. Never waits for the thread.
 */
export function latentIntervalStatus(db: Db, auditId: string): IntervalProgress[] {
  const url = clientUrl(db);
  if (!threadServes(url)) return state.here?.status(scopeOf(db, url), auditId) ?? [];
  const now = performance.now();
  const told = state.statuses.get(auditKey(url, auditId));
  const since = told ? now - told.at : 0;
  const running = (told?.progress ?? []).map((p) => ({
    ...p,
    remainingMs: p.remainingMs === null ? null : Math.max(0, p.remainingMs - since),
    quietInMs: Math.max(0, Math.ceil(p.quietInMs - since)),
  }));
  const held = [...(state.held.get(auditKey(url, auditId)) ?? [])].map(([dimension, j]) => ({
    dimension,
    inputs: j.inputs,
    done: 0,
    total: 0,
    remainingMs: null,
    quietInMs: Math.max(0, Math.ceil(j.notBefore - now)),
  }));
  return [...running, ...held];
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
  scheduleHeld();
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
    (reply: IntervalThreadReply | IntervalThreadIdle | IntervalThreadWaiting | IntervalThreadNeedsTasks | IntervalThreadStatus) => {
      if ("tasksFor" in reply) {
        // A job's tasks, from the report thread, which keeps the audit's snapshot: a full review's is
        // not read a second time in this one.
        const { id, url, auditId } = reply.tasksFor;
        const answer = (taskAnswer: IntervalTasksAnswer["taskAnswer"]) => {
          // A thread stopped meanwhile needs no answer.
          if (state.thread === thread) worker.postMessage({ taskAnswer } satisfies IntervalTasksAnswer);
        };
        askThread({ op: "intervalTasks", url, auditId }).then(
          (tasks) => answer({ id, ok: true, tasks }),
          (error: unknown) => answer({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
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
        state.thread = undefined;
        state.asked.clear();
        state.statuses.clear();
        clearTimeout(thread.idleTimer);
        hold(reply.jobs);
        void worker.terminate();
        return;
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
          state.thread = undefined;
          // Its queue ran empty; a status still on its way (sent at most every 200 ms) is dropped with it.
          state.statuses.clear();
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
