// The web process's side of the report thread: one worker thread per process, started at server
// start (instrumentation.ts) or else at the first request, and kept (unreferenced: it never keeps
// a process alive). A thread that dies fails the requests it held; the next request starts a new
// one. One per process, not per copy of this module: pages, route handlers and instrumentation
// each load their own copy, and a thread per copy computed and kept every report once per copy.
// Its heap is capped (CLINAUDIT_REPORT_HEAP_MB): V8 then collects before the cap instead of
// growing the process by hundreds of MB of garbage. A thread that runs out restarts with twice
// the heap (at most 8× the setting: threads/start.ts grownHeapMb) and the requests it held are asked again.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { processWide } from "../../../process-wide";
import { env } from "../../../env";
import { log } from "../../log";
import { bootPresent, grownHeapMb, startThread, threadDir } from "../../threads/start";
import type { ThreadAnswers, ThreadReply, ThreadRequest } from "./protocol";

const DIR = threadDir("reports", "thread");

interface Pending {
  request: ThreadRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  heapMb: number;
  pending: Map<number, Pending>;
}

const state = processWide("report-thread", () => ({
  thread: undefined as Thread | undefined,
  /** The heap the next thread starts with: the setting, doubled after each thread ran out. */
  heapMb: undefined as number | undefined,
  nextId: 0,
  /** Threads started and answers received in this process (tests read them). */
  counts: { started: 0, answered: 0 },
}));

export function threadCounts(): Readonly<typeof state.counts> {
  return { ...state.counts };
}

/** Stops the thread (tests; a shutdown): requests it held fail, the next one starts another. */
export async function stopReportThread(): Promise<void> {
  await state.thread?.worker.terminate();
}

/**
 * Stops the thread, and the next starts with `heapMb` (tests: a heap too small for the thread's
 * work); undefined: CLINAUDIT_REPORT_HEAP_MB again.
 */
export async function restartReportThread(heapMb?: number): Promise<void> {
  await stopReportThread();
  state.heapMb = heapMb;
}

/** The heap of the thread now serving (or the next to start), in MB (tests read it). */
export function reportThreadHeapMb(): number {
  state.heapMb ??= env().CLINAUDIT_REPORT_HEAP_MB;
  return state.heapMb;
}

function start(pending = new Map<number, Pending>()): Thread {
  const heapMb = reportThreadHeapMb();
  const worker = startThread(path.join(DIR, "entry.ts"), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  worker.unref();
  state.counts.started++;
  const current = { worker, heapMb, pending };
  for (const [id, p] of pending) send(current, id, p.request);
  worker.on("message", (reply: ThreadReply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    state.counts.answered++;
    if (reply.ok) p?.resolve(reply.value);
    else p?.reject(new Error(reply.message));
  });
  const fail = (error: Error) => {
    if (state.thread === current) state.thread = undefined;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on("error", (error) => {
    const grown = grownHeapMb(error, heapMb, env().CLINAUDIT_REPORT_HEAP_MB);
    if (grown !== null) {
      // Its kept reports go with it; the requests it held are asked again of one with more room.
      state.heapMb = grown;
      log().warn(
        { heapMb, nextHeapMb: state.heapMb },
        "the report thread ran out of its heap: it restarts with twice the heap (raise CLINAUDIT_REPORT_HEAP_MB)",
      );
      const held = new Map(pending);
      pending.clear();
      if (state.thread === current) state.thread = start(held);
      else for (const p of held.values()) p.reject(error);
      return;
    }
    log().error({ err: error }, "report thread failed");
    fail(error);
  });
  worker.on("exit", (code) => fail(new Error(`the report thread stopped (exit code ${code})`)));
  return current;
}

/** Sends one request to the report thread and waits for its answer. */
export function askThread<R extends ThreadRequest>(request: R): Promise<ThreadAnswers[R["op"]]> {
  state.thread ??= start();
  const thread = state.thread;
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { request, resolve: resolve as (value: unknown) => void, reject });
    send(thread, id, request);
  }).finally(() => {
    // The thread serving now: a restart after running out of heap moved the request to another.
    const serving = state.thread;
    if (serving && serving.pending.size === 0) serving.worker.unref();
  }) as Promise<ThreadAnswers[R["op"]]>;
}

function send(thread: Thread, id: number, request: ThreadRequest): void {
  // Referenced while it works, so a CLI or test awaiting an answer does not exit under it.
  thread.worker.ref();
  thread.worker.postMessage({ id, request });
}

/**
 * Starts the thread ahead of the first dashboard (instrumentation.ts, at server start): loading
 * its modules through tsx takes seconds, which the first organizer would otherwise wait for.
 */
export function warmReportThread(): void {
  if (!bootPresent()) return;
  askThread({ op: "ping" }).catch((error) => log().warn({ err: error }, "the report thread did not start"));
}
