// The agreement of an uploaded ratings file, off the request path: each file is read and computed
// in a thread of its own (threads/start.ts) under a heap cap and a time limit, one file at a time
// per process, and the thread is ended when it answers or overruns. So a hostile file (huge,
// nested deep, pathological text, raters by the thousand) costs one capped thread for a bounded
// time, never the event loop or the server's memory. Nothing is stored: the answer is the result.
import "server-only";
import path from "node:path";
import { startThread, threadDir } from "../threads/start";
import type { AgreementThreadData, AgreementThreadReply } from "./protocol";
import type { AgreementToolRefusal, AgreementToolResult } from "./tool-result";

/** The largest ratings file accepted (16 MiB: a full review's ratings-long.csv is a few MiB). */
export const AGREEMENT_MAX_BYTES = 16 * 1024 * 1024;

export interface AgreementLimits {
  /** The thread's old-generation heap, in MB. */
  heapMb: number;
  /** Wall-clock time the thread may take, loading its modules included. */
  timeoutMs: number;
}

export const AGREEMENT_LIMITS: AgreementLimits = { heapMb: 256, timeoutMs: 60_000 };

const ENTRY = path.join(threadDir("agreement"), "thread-entry.ts");

export type AgreementOutcome = { ok: true; result: AgreementToolResult } | ({ ok: false } & AgreementToolRefusal);

let tail: Promise<unknown> = Promise.resolve();

/** Runs `job` after every analysis queued before it in this process. */
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const result = tail.then(job);
  tail = result.catch(() => undefined);
  return result;
}

function inThread(data: AgreementThreadData, limits: AgreementLimits): Promise<AgreementOutcome> {
  return new Promise((resolve, reject) => {
    const worker = startThread(ENTRY, { data, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => resolve({ ok: false, refused: "tooSlow", seconds: limits.timeoutMs / 1000 })),
      limits.timeoutMs,
    );
    worker.on("message", (reply: AgreementThreadReply) => {
      if (reply.type === "done") settle(() => resolve({ ok: true, result: reply.result }));
      else if (reply.type === "refused") settle(() => resolve({ ok: false, ...reply.refusal }));
      else settle(() => reject(new Error(`agreement thread failed: ${reply.message}`)));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") settle(() => resolve({ ok: false, refused: "tooMuchMemory" }));
      else settle(() => reject(error));
    });
    worker.on("exit", (code) => settle(() => reject(new Error(`the agreement thread stopped (exit code ${code})`))));
  });
}

/** The agreement report of the ratings file at `file` (named `name` by its uploader), or why there is none. */
export function analyseUploadedRatings(file: string, name: string, limits: AgreementLimits = AGREEMENT_LIMITS): Promise<AgreementOutcome> {
  return oneAtATime(() => inThread({ path: file, name }, limits));
}
