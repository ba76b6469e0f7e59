// The corrected-build thread (started by ./client.ts through threads/boot.mjs): builds the states
// of corrected benchmarks it is sent, one at a time, with its own database clients; sends each
// build's progress and its manifest or failure.
import { parentPort } from "node:worker_threads";
import { threadDbClients } from "../../threads/db-clients";
import { fullCollection, idleCollector } from "../../threads/idle-gc";
import { type BuildPhase, buildCorrected } from "../corrected-build";
import type { CorrectedBuildRequest, CorrectedThreadMessage } from "./protocol";

/** Progress within a phase is sent at most this often (ms): each message is work for the web process. */
const PROGRESS_EVERY_MS = 100;

const clientFor = threadDbClients(1);
const idle = idleCollector(fullCollection());
const send = (message: CorrectedThreadMessage) => parentPort!.postMessage(message);

async function build({ url, root, dir, state }: CorrectedBuildRequest): Promise<void> {
  let last: { phase: BuildPhase["phase"]; at: number } | undefined;
  const progress = (phase: BuildPhase) => {
    const now = performance.now();
    if (last?.phase === phase.phase && now - last.at < PROGRESS_EVERY_MS) return;
    last = { phase: phase.phase, at: now };
    send({ type: "progress", phase });
  };
  try {
    send({ type: "done", manifest: await idle.run(() => buildCorrected(clientFor(url), root, dir, state, progress)) });
  } catch (error) {
    send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
}

parentPort!.on("message", (request: CorrectedBuildRequest) => void build(request));
