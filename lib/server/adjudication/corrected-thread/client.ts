// The corrected benchmark is built in a thread of its own: the first build of a dataset reads and
// writes all of its records (a full decision-point dataset: ~250,000 events, ~45 s) and each build
// runs the importer's validation over the files, seconds of synchronous work that the web
// process's event loop would otherwise hold in pieces of up to ~0.7 s, on either engine. One
// thread per process, started by a build and stopped once no build waits (idleExitMs), so that
// its memory is not the server's between adjudications. It runs at the background priority under a heap cap
// (CLINAUDIT_REPORT_HEAP_MB; out of heap, the build starts again in a thread with twice as much,
// up to 8× the setting). A database a thread cannot open (in-memory SQLite) is built here.
// Builds come one at a time (corrected-cache.ts queues them).
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { clientUrl, type Db } from "../../../db/client";
import { env } from "../../../env";
import { processWide } from "../../../process-wide";
import { log } from "../../log";
import { bundledEntry, grownHeapMb, startThread, threadDir, threadServes } from "../../threads/start";
import type { BuildPhase, CorrectedManifest } from "../corrected-build";
import type { CorrectedState } from "../corrected-state";
import type { CorrectedBuildRequest, CorrectedThreadMessage } from "./protocol";

const ENTRY = path.join(threadDir("adjudication", "corrected-thread"), "entry.ts");

/**
 * How long the thread is kept after a build for the next one (ms). Started from its bundle (a
 * production server), it stops at once: kept idle after a full review's build, it held a 72 MB
 * heap (36 MB in use) besides the rest of its isolate, and the full-review bench's peak was
 * 576–586 MB with the thread stopped at once against 648–656 MB with it kept for a minute
 * (bench/README.md). Starting another costs a build ~0.65 s more: the corrected download right
 * after a change took 1.04 s to its first byte against 0.40 s. Started from the sources through
 * tsx (tests, the command line), a start takes seconds: it is kept a minute.
 */
function idleExitMs(): number {
  return (state.idleExitMs ??= bundledEntry(ENTRY) ? 0 : 60_000);
}

interface Thread {
  worker: Worker;
  heapMb: number;
  /** The build it is doing: its message and failure handlers. */
  busy?: { onMessage: (m: CorrectedThreadMessage) => void; onFailure: (error: Error) => void };
  idleTimer?: ReturnType<typeof setTimeout>;
}

const state = processWide("corrected-thread", () => ({
  thread: undefined as Thread | undefined,
  /** The heap of the next thread (MB): the setting, doubled after a build ran out. */
  heapMb: undefined as number | undefined,
  /** Threads started in this process (tests read it). */
  started: 0,
  /** idleExitMs(), once known, or as a test sets it (keepCorrectedThread). */
  idleExitMs: undefined as number | undefined,
}));

/** Keeps the thread `ms` after each build (tests: 0, stopped at once as a production server does); undefined: idleExitMs(). */
export function keepCorrectedThread(ms: number | undefined): void {
  state.idleExitMs = ms;
}

/** Threads started in this process, whether one is running now, and its heap (tests read them). */
export function correctedThreads(): { started: number; running: boolean; heapMb: number | undefined } {
  return { started: state.started, running: state.thread !== undefined, heapMb: state.thread?.heapMb };
}

function start(heapMb: number): Thread {
  const worker = startThread(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  state.started++;
  const thread: Thread = { worker, heapMb };
  const gone = (error: Error) => {
    if (state.thread === thread) state.thread = undefined;
    clearTimeout(thread.idleTimer);
    thread.busy?.onFailure(error);
    thread.busy = undefined;
  };
  worker.on("message", (message: CorrectedThreadMessage) => thread.busy?.onMessage(message));
  worker.on("error", gone);
  worker.on("exit", (code) => gone(new Error(`the corrected-build thread stopped (exit code ${code})`)));
  return thread;
}

/**
 * Stops the thread (tests; a shutdown): a build it held fails. `heapMb`: the heap of the next
 * thread (tests: one too small for a build); undefined: CLINAUDIT_REPORT_HEAP_MB again.
 */
export async function stopCorrectedThread(heapMb?: number): Promise<void> {
  await state.thread?.worker.terminate();
  state.heapMb = heapMb;
}

/**
 * Builds `s` into `dir` (a fresh folder under `root`) off the web process's event loop, reporting
 * its phases to `progress`; resolves with the manifest the build wrote.
 */
export async function buildCorrectedOffLoop(
  db: Db,
  root: string,
  dir: string,
  s: CorrectedState,
  progress: (p: BuildPhase) => void,
): Promise<CorrectedManifest> {
  const url = clientUrl(db);
  if (!threadServes(url)) {
    const { buildCorrected } = await import("../corrected-build");
    return buildCorrected(db, root, dir, s, progress);
  }
  const setting = env().CLINAUDIT_REPORT_HEAP_MB;
  for (;;) {
    const heapMb = (state.heapMb ??= setting);
    try {
      return await inThread({ url, root, dir, state: s }, heapMb, progress);
    } catch (error) {
      const grown = grownHeapMb(error, heapMb, setting);
      if (grown === null) throw error;
      state.heapMb = grown;
      log().warn(
        { heapMb, nextHeapMb: grown, auditId: s.auditId },
        "a corrected build ran out of its heap: it starts again with twice the heap (raise CLINAUDIT_REPORT_HEAP_MB)",
      );
      // Its folder may hold files of the build that stopped: the next starts from an empty one.
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    }
  }
}

function inThread(request: CorrectedBuildRequest, heapMb: number, progress: (p: BuildPhase) => void): Promise<CorrectedManifest> {
  const free = state.thread?.heapMb === heapMb && !state.thread.busy ? state.thread : undefined;
  if (!free) void state.thread?.worker.terminate();
  const thread = (state.thread = free ?? start(heapMb));
  clearTimeout(thread.idleTimer);
  // Referenced while it builds, so a command or test awaiting the build does not exit under it.
  thread.worker.ref();
  return new Promise<CorrectedManifest>((resolve, reject) => {
    thread.busy = {
      onMessage: (message) => {
        if (message.type === "progress") return progress(message.phase);
        thread.busy = undefined;
        if (message.type === "done") resolve(message.manifest);
        else reject(new Error(message.message));
      },
      onFailure: reject,
    };
    try {
      thread.worker.postMessage(request);
    } catch (error) {
      thread.busy = undefined; // not sent (a state that cannot be copied): the thread stays free
      throw error;
    }
  }).finally(() => {
    if (state.thread !== thread || thread.busy) return;
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      // Let go of at once, not at its exit event: a build asked for while it stops starts another.
      if (state.thread === thread) state.thread = undefined;
      void thread.worker.terminate();
    }, idleExitMs());
    thread.idleTimer.unref?.();
  });
}
