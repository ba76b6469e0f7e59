// The web process's side of the report thread: one worker thread per process, started at server
// start (instrumentation.ts) or else at the first request, and kept (unreferenced: it never keeps
// a process alive). A thread that dies fails the requests it held; the next request starts a new
// one. One per process, not per copy of this module: pages, route handlers and instrumentation
// each load their own copy, and a thread per copy computed and kept every report once per copy.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { processWide } from "../../../process-wide";
import { log } from "../../log";
import { bootPresent, startThread, threadDir } from "../../threads/start";
import type { ThreadAnswers, ThreadReply, ThreadRequest } from "./protocol";

const DIR = threadDir("reports", "thread");

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

const state = processWide("report-thread", () => ({
  thread: undefined as Thread | undefined,
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

function start(): Thread {
  const worker = startThread(path.join(DIR, "entry.ts"));
  worker.unref();
  state.counts.started++;
  const pending = new Map<number, Pending>();
  const current = { worker, pending };
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
    log().error({ err: error }, "report thread failed");
    fail(error);
  });
  worker.on("exit", (code) => fail(new Error(`the report thread stopped (exit code ${code})`)));
  return current;
}

/** Sends one request to the report thread and waits for its answer. */
export function askThread<R extends ThreadRequest>(request: R): Promise<ThreadAnswers[R["op"]]> {
  state.thread ??= start();
  const { worker, pending } = state.thread;
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    // Referenced while it works, so a CLI or test awaiting an answer does not exit under it.
    worker.ref();
    worker.postMessage({ id, request });
  }).finally(() => pending.size === 0 && worker.unref()) as Promise<ThreadAnswers[R["op"]]>;
}

/**
 * Starts the thread ahead of the first dashboard (instrumentation.ts, at server start): loading
 * its modules through tsx takes seconds, which the first organizer would otherwise wait for.
 */
export function warmReportThread(): void {
  if (!bootPresent()) return;
  askThread({ op: "ping" }).catch((error) => log().warn({ err: error }, "the report thread did not start"));
}
