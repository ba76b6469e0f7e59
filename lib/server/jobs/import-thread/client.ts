// Each dataset import runs in a thread of its own, under a heap cap (CLINAUDIT_IMPORT_HEAP_MB):
// the web process's on SQLite, a job worker's on PostgreSQL, `clinaudit import`'s. An import's
// memory is not the process's: one that needs more than the cap ends with a located message,
// nothing written (its transaction never commits), and the process goes on. A database a thread
// cannot open (in-memory SQLite) imports in this thread. Loading a thread's modules takes
// seconds, so the upload route starts one (unreferenced) as an upload begins: it loads while the
// files are received. One that is not taken (the upload was refused) stops after a while; none is
// kept idle between uploads, where it would hold ~45 MB of the server for nothing.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { clientUrl, type Db } from "../../../db/client";
import { env } from "../../../env";
import { parseDatabaseUrl } from "../../../db/target";
import { processWide } from "../../../process-wide";
import type { ImportOutcome } from "../../datasets/import-dataset";
import { startThread, threadDir, threadServes } from "../../threads/start";
import type { DatasetImportInput, DatasetImportProgress } from "../dataset-import";
import type { JobHandler } from "../types";
import { type ImportPlace, outOfMemory } from "./out-of-memory";
import type { ImportThreadData, ImportThreadMessage } from "./protocol";

const ENTRY = path.join(threadDir("jobs", "import-thread"), "entry.ts");

interface Spare {
  worker: Worker;
  heapMb: number;
  alive: boolean;
  /** Stops it when it is not taken in time. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

/** How long a warmed thread waits to be taken before it stops (ms): a large upload's receipt. */
const SPARE_IDLE_MS = 10 * 60_000;

/**
 * One per process (lib/process-wide.ts): the spare one copy of this module warms, another (the job
 * queue's) must find. `started`: import threads started in this process (tests read it).
 */
const state = processWide("import-thread", () => ({ spare: undefined as Spare | undefined, started: 0 }));

export function importThreadsStarted(): number {
  return state.started;
}

/** The idle thread's id, or null when none is waiting (tests read it). */
export function idleImportThreadId(): number | null {
  return state.spare?.alive ? state.spare.worker.threadId : null;
}

function startSpare(heapMb: number): Spare {
  const worker = startThread(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  state.started++;
  worker.unref();
  const entry: Spare = { worker, heapMb, alive: true };
  worker.on("error", () => {}); // an idle thread that failed to load is replaced when taken
  worker.on("exit", () => {
    entry.alive = false;
    if (state.spare === entry) state.spare = undefined;
  });
  return entry;
}

/** A started thread under `heapMb` for one import (the next is started once this one is done). */
function takeThread(heapMb: number): Worker {
  const { spare } = state;
  const taken = spare?.alive && spare.heapMb === heapMb ? spare : startSpare(heapMb);
  if (spare !== taken) void spare?.worker.terminate();
  clearTimeout(taken.idleTimer);
  state.spare = undefined;
  taken.worker.ref();
  return taken.worker;
}

/**
 * Starts an import thread as an upload begins (the upload route) when this server imports on
 * SQLite, so that its modules load while the files are received; stopped if not taken within
 * `idleMs`.
 */
export function warmImportThread(url: string, heapMb: number, { idleMs = SPARE_IDLE_MS } = {}): void {
  if (parseDatabaseUrl(url).provider !== "sqlite" || !threadServes(url)) return;
  const spare = state.spare?.alive && state.spare.heapMb === heapMb ? state.spare : startSpare(heapMb);
  if (spare !== state.spare) void state.spare?.worker.terminate();
  state.spare = spare;
  clearTimeout(spare.idleTimer);
  spare.idleTimer = setTimeout(() => {
    if (state.spare === spare) void spare.worker.terminate();
  }, idleMs);
  spare.idleTimer.unref?.();
}

/** warmImportThread for an upload to `db`, under the server's CLINAUDIT_IMPORT_HEAP_MB. */
export function warmUploadImport(db: Db): void {
  warmImportThread(clientUrl(db), env().CLINAUDIT_IMPORT_HEAP_MB);
}

/**
 * The dataset-import handler of a queue or a command: each import in a thread capped at `heapMb`.
 * `spare`: start the next thread idle once an import is done (none by default: the upload route
 * warms one as an upload begins).
 */
export function importInThread(heapMb: number, { spare = false } = {}): JobHandler<DatasetImportInput, ImportOutcome> {
  return (input, context) => {
    const url = clientUrl(context.db);
    // The importer's modules are loaded in this thread only when it imports here.
    if (!threadServes(url)) return import("../dataset-import").then(({ runDatasetImport }) => runDatasetImport(input, context));
    return new Promise<ImportOutcome>((resolve, reject) => {
      const worker = takeThread(heapMb);
      // Where the import was when it ran out: the last file and record it reported.
      let at: ImportPlace = {};
      let settled = false;
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        f();
        // Started after, not during, the import: loading its modules would compete with it.
        if (spare) state.spare ??= startSpare(heapMb);
      };
      worker.on("message", (message: ImportThreadMessage) => {
        if (message.type === "progress") {
          at = where(at, message.event);
          context.progress(message.event);
        } else if (message.type === "done") settle(() => resolve(message.outcome));
        else settle(() => reject(new Error(message.message)));
      });
      worker.on("error", (error: Error & { code?: string }) => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") settle(() => resolve(outOfMemory(input, heapMb, at)));
        else settle(() => reject(error));
      });
      worker.on("exit", (code) => settle(() => reject(new Error(`the import thread stopped (exit code ${code})`))));
      worker.postMessage({ url, input } satisfies ImportThreadData);
    });
  };
}

function where(at: ImportPlace, event: DatasetImportProgress): ImportPlace {
  if ("phase" in event) return event.phase === "writing" ? { ...at, writing: true } : at;
  return { file: event.file, records: event.records, writing: false };
}
