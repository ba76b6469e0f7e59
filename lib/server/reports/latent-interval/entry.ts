// The latent-interval thread (started by ./client.ts through boot.mjs, at the background priority):
// computes the latent-class error-rate intervals (runner.ts) with its own database client, from
// tasks the report thread derives from the snapshot it keeps (relayed by the web process), so
// that 10,000 refits hold neither the web process's event loop nor the report thread. It says
// when its queue runs empty or only waits for ratings to be still, and sends each audit's status
// when it changes (at most every STATUS_EVERY_MS while replicates are drawn), so that a page reads
// it without asking a thread that may be busy for seconds; the web process stops it after a while
// idle, or at once when it only waits (./client.ts).
import { parentPort, threadId, workerData } from "node:worker_threads";
import { latestEvery } from "../../../latest-every";
import { threadDbClients } from "../../threads/db-clients";
import {
  auditKey,
  fromAuditKey,
  type IntervalThreadData,
  type IntervalThreadIdle,
  type IntervalThreadReply,
  type IntervalThreadRequest,
  type IntervalTasksAnswer,
  type IntervalThreadNeedsTasks,
  type IntervalThreadStatus,
  type IntervalThreadWaiting,
} from "./protocol";
import type { LatentIntervalTask } from "../../../reports/latent-class";
import { IntervalRunner } from "./runner";

/** One connection per database (docs/deployment.md counts them): a look for a kept interval, then a row per interval. */
const clientFor = threadDbClients(1);

/** How often an audit's status is sent at most while its replicates are drawn (ms). */
const STATUS_EVERY_MS = 200;

const { quietMs } = (workerData as { data: IntervalThreadData }).data;
let received = 0;
const statusEvery = latestEvery(STATUS_EVERY_MS, sendStatus);
/** Tasks asked of the web process (IntervalThreadNeedsTasks), by id. */
const needed = new Map<number, { resolve: (tasks: LatentIntervalTask[] | null) => void; reject: (error: Error) => void }>();
let nextNeed = 0;

const runner = new IntervalRunner({
  quietMs,
  // From the report thread, through the web process: the snapshot it keeps is not read again here.
  loadTasks: (_db, url, auditId) =>
    new Promise((resolve, reject) => {
      const id = nextNeed++;
      needed.set(id, { resolve, reject });
      parentPort!.postMessage({ tasksFor: { id, url, auditId } } satisfies IntervalThreadNeedsTasks);
    }),
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
      runner.request(clientFor(request.url), request.url, request.auditId, request.requests);
      return null;
    case "counts":
      return { ...runner.counts };
  }
}

parentPort!.on("message", (message: { id: number; request: IntervalThreadRequest } | IntervalTasksAnswer) => {
  if ("taskAnswer" in message) {
    const answer = message.taskAnswer;
    const waiting = needed.get(answer.id);
    needed.delete(answer.id);
    if (answer.ok) waiting?.resolve(answer.tasks);
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
