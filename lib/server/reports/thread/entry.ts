// The report thread (started by ../kept-report.ts through boot.mjs): loads snapshots, computes
// reports, renders downloads and packages with its own database clients,
// so that none of it holds the web process's event loop.
import { getHeapStatistics } from "node:v8";
import { parentPort, threadId } from "node:worker_threads";
import { triagedItems } from "../../adjudication/queue";
import { auditProgress } from "../../audits/progress";
import { threadDbClients } from "../../threads/db-clients";
import { fullCollection, idleCollector, shedToBudget } from "../../threads/idle-gc";
import { disagreementFrame } from "../../triage/disagreement-frame";
import { loadAuditComments } from "../audit-comments";
import { hasLatentInterval, saveLatentInterval } from "../latent-interval/rows";
import { inPieces } from "./pieces";
import type { ThreadReply, ThreadRequest } from "./protocol";
import { builtPackage, dropOldestAudit, headAndReport, intervalTasks, renderedExport } from "./work";

/** PostgreSQL connections the thread keeps per database (docs/deployment.md counts them). */
const REPORT_THREAD_POOL_SIZE = 2;
const clientFor = threadDbClients(REPORT_THREAD_POOL_SIZE);

function answer(request: ThreadRequest): Promise<unknown> {
  if (request.op === "ping") return Promise.resolve(threadId);
  const db = clientFor(request.url);
  switch (request.op) {
    case "report":
      return headAndReport(db, request.auditId, request.version).then((r) => r && inPieces(r));
    case "export":
      return renderedExport(db, request.auditId, request.version, request.file, request.extras);
    case "package":
      return builtPackage(db, request.auditId, request.version, request.extras, request.scriptsDir);
    case "adjudication":
      return triagedItems(db, request.auditId);
    case "progress":
      return auditProgress(db, request.auditId);
    case "comments":
      return loadAuditComments(db, request.head);
    case "disagreement":
      return disagreementFrame(db, request.datasetId, request.setId);
    case "intervalTasks":
      return intervalTasks(db, request.auditId);
    case "hasInterval":
      return hasLatentInterval(db, request.auditId, request.dimension, request.inputs);
    case "saveInterval":
      return saveLatentInterval(db, request.auditId, request.kept, request.computeMs).then(() => null);
  }
}

/**
 * The share of the thread's heap its kept audits may fill once collected: computing an audit's
 * report again needs about as much again while it runs (a full review of 4,745 conversations × 3
 * beside one of 1,500 decision points: 74 MB kept; computing the former's report again ran out of
 * a 128 MB cap and fitted in 160 MB, bench/README.md).
 */
const KEPT_HEAP_SHARE = 0.5;

const collect = fullCollection();
// When idle: collected, then the audits computed longest ago let go of while over the budget.
const idle = idleCollector(() => {
  collect();
  shedToBudget({
    collect,
    used: () => getHeapStatistics().used_heap_size,
    limit: getHeapStatistics().heap_size_limit,
    share: KEPT_HEAP_SHARE,
    dropOldest: dropOldestAudit,
  });
});

parentPort!.on("message", async ({ id, request }: { id: number; request: ThreadRequest }) => {
  let reply: ThreadReply;
  try {
    reply = { id, ok: true, value: await idle.run(() => answer(request)) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  // Copied, never transferred: callers asking at once share one answer (a download the disk
  // refused is bytes, download-files.ts), and a transfer would empty it for the others.
  try {
    parentPort!.postMessage(reply);
  } catch (error) {
    // An answer that cannot be sent still answers: the caller would otherwise wait for ever.
    parentPort!.postMessage({
      id,
      ok: false,
      message: `the answer could not be sent: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
});
