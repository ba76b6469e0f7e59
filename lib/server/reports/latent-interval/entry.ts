// The latent-interval thread (started by ./client.ts through boot.mjs, at the background priority):
// computes the latent-class error-rate intervals (runner.ts) with its own database clients, so
// that 10,000 refits hold neither the web process's event loop nor the report thread. It says
// when its queue runs empty; the web process stops it after a while idle (./client.ts).
import { parentPort, threadId, workerData } from "node:worker_threads";
import { threadDbClients } from "../../threads/db-clients";
import type { IntervalThreadData, IntervalThreadIdle, IntervalThreadReply, IntervalThreadRequest } from "./protocol";
import { IntervalRunner } from "./runner";

/** One connection per database (docs/deployment.md counts them): a snapshot read, then a row per interval. */
const clientFor = threadDbClients(1);

const { quietMs } = (workerData as { data: IntervalThreadData }).data;
let received = 0;
const runner = new IntervalRunner({ quietMs, onIdle: () => parentPort!.postMessage({ idle: received } satisfies IntervalThreadIdle) });

function answer(request: IntervalThreadRequest): unknown {
  switch (request.op) {
    case "ping":
      return threadId;
    case "request":
      received++;
      runner.request(clientFor(request.url), request.url, request.auditId, request.requests);
      return null;
    case "status":
      return runner.status(request.url, request.auditId);
    case "counts":
      return { ...runner.counts };
  }
}

parentPort!.on("message", ({ id, request }: { id: number; request: IntervalThreadRequest }) => {
  let reply: IntervalThreadReply;
  try {
    reply = { id, ok: true, value: answer(request) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
