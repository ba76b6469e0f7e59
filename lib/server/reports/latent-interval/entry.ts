// The latent-interval thread (started by ./client.ts through boot.mjs, at the background priority):
// computes the latent-class error-rate intervals (runner.ts), so that 10,000 refits hold neither
// the web process's event loop nor the report thread. It has no database client: what its jobs
// read and keep (IntervalStore: the tasks the report thread derives from the snapshot it keeps,
// whether an interval is kept, the interval computed) it asks of the web process, which asks the
// report thread. A client would cost the isolate Prisma's runtime and query compiler for two
// small reads and a write per interval. It says
// when its queue runs empty or only waits for ratings to be still, and sends each audit's status
// when it changes (at most every STATUS_EVERY_MS while replicates are drawn), so that a page reads
// it without asking a thread that may be busy for seconds; the web process stops it after a while
// idle, or at once when it only waits (./client.ts).
import { parentPort, threadId, workerData } from "node:worker_threads";
import { latestEvery } from "../../../latest-every";
import {
  auditKey,
  fromAuditKey,
  type IntervalThreadData,
  type IntervalThreadIdle,
  type IntervalThreadAsks,
  type IntervalStoreAnswer,
  type IntervalStoreAsk,
  type IntervalThreadReply,
  type IntervalThreadRequest,
  type IntervalThreadStatus,
  type IntervalThreadWaiting,
} from "./protocol";
import type { LatentIntervalTask } from "../../../reports/latent-class";
import { type IntervalStore, IntervalRunner } from "./runner";

/** How often an audit's status is sent at most while its replicates are drawn (ms). */
const STATUS_EVERY_MS = 200;

const { quietMs } = (workerData as { data: IntervalThreadData }).data;
let received = 0;
const statusEvery = latestEvery(STATUS_EVERY_MS, sendStatus);
/** What was asked of the web process (IntervalThreadAsks) and waits for its answer, by id. */
const asked = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextAsk = 0;

function ask<T>(url: string, auditId: string, what: IntervalStoreAsk): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = nextAsk++;
    asked.set(id, { resolve: resolve as (value: unknown) => void, reject });
    parentPort!.postMessage({ ask: { id, url, auditId, ...what } } satisfies IntervalThreadAsks);
  });
}

/** The database at `url`, through the web process and the report thread. */
function storeOf(url: string): IntervalStore {
  return {
    has: (auditId, dimension, inputs) => ask<boolean>(url, auditId, { op: "has", dimension, inputs }),
    save: (auditId, kept, computeMs) => ask<null>(url, auditId, { op: "save", kept, computeMs }).then(() => undefined),
    tasks: (auditId) => ask<LatentIntervalTask[] | null>(url, auditId, { op: "tasks" }),
  };
}

const runner = new IntervalRunner({
  quietMs,
  onIdle: () => parentPort!.postMessage({ idle: received } satisfies IntervalThreadIdle),
  // After the answer to the request that made it wait (a drain starts within runner.request):
  // the web process stops only a thread with no answer outstanding.
  onWaiting: (jobs) => queueMicrotask(() => parentPort!.postMessage({ waiting: received, jobs } satisfies IntervalThreadWaiting)),
  onStatus: (url, auditId) => statusEvery(auditKey(url, auditId)),
});

/** Sends an audit's status (by its auditKey); false once nothing is queued or running for it. */
function sendStatus(key: string): boolean {
  const { url, auditId } = fromAuditKey(key);
  const progress = runner.status(url, auditId);
  parentPort!.postMessage({ status: { url, auditId, progress } } satisfies IntervalThreadStatus);
  return progress.length > 0;
}

function answer(request: IntervalThreadRequest): unknown {
  switch (request.op) {
    case "ping":
      return threadId;
    case "request":
      received++;
      runner.request(storeOf(request.url), request.url, request.auditId, request.requests);
      return null;
    case "counts":
      return { ...runner.counts };
  }
}

parentPort!.on("message", (message: { id: number; request: IntervalThreadRequest } | IntervalStoreAnswer) => {
  if ("answer" in message) {
    const answer = message.answer;
    const waiting = asked.get(answer.id);
    asked.delete(answer.id);
    if (answer.ok) waiting?.resolve(answer.value);
    else waiting?.reject(new Error(answer.message));
    return;
  }
  const { id, request } = message;
  let reply: IntervalThreadReply;
  try {
    reply = { id, ok: true, value: answer(request) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
