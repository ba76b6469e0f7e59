// The web process's side of the report thread: one worker thread per process, started at server
// start (instrumentation.ts) or else at the first request, and kept (unreferenced: it never keeps
// a process alive). A thread that dies fails the requests it held; the next request starts a new
// one. One per process, not per copy of this module: pages, route handlers and instrumentation
// each load their own copy, and a thread per copy computed and kept every report once per copy.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { parseDatabaseUrl } from "../../../db/target";
import { processWide } from "../../../process-wide";
import { log } from "../../log";
import type { ThreadAnswers, ThreadReply, ThreadRequest } from "./protocol";

/**
 * Read from the checkout at run time (the server, the tests and the CLI all run from it). The
 * bundler is told to leave these alone: the thread loads the sources through tsx, not the build.
 */
const ROOT = /* turbopackIgnore: true */ process.cwd();
/**
 * Taken from the runtime rather than imported: the bundler follows `new Worker(…)` of an imported
 * worker_threads into the thread's files (and tsx, and esbuild's binary) and fails the build.
 */
const Threads = process.getBuiltinModule("node:worker_threads");
const DIR = path.join(ROOT, "lib", "server", "reports", "thread");
const BOOT = path.join(DIR, "boot.mjs");
/** Looked for once: a checkout without the thread's files (none ships so today) computes in process. */
const BOOT_PRESENT = fs.existsSync(BOOT);

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
  const worker = new Threads.Worker(BOOT, {
    workerData: { entry: path.join(DIR, "entry.ts"), tsconfig: path.join(ROOT, "tsconfig.json") },
    // Server modules guard themselves with `server-only`, a no-op under this condition only.
    execArgv: ["--conditions=react-server"],
  });
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

/**
 * Whether the thread can serve this database: it opens its own connection, which an in-memory
 * SQLite database cannot share; and the checkout must hold the thread's files.
 */
export function threadServes(url: string): boolean {
  const target = parseDatabaseUrl(url);
  return !(target.provider === "sqlite" && target.file === ":memory:") && BOOT_PRESENT;
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
  if (!BOOT_PRESENT) return;
  askThread({ op: "ping" }).catch((error) => log().warn({ err: error }, "the report thread did not start"));
}
