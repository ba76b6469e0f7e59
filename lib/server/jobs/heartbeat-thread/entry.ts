// The heartbeat thread of a PostgreSQL job worker (pg-queue.ts): it beats for the jobs this
// process runs, on its own event loop and its own connection. A handler that holds the main
// event loop for longer than the lease (a long synchronous step, a stop-the-world collection of
// a large heap) no longer looks dead, so its job is not expired and run again beside the live
// run. The thread dies with its process, so a killed worker's jobs still stop beating at once.
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { BEAT, type HeartbeatCommand, type HeartbeatReply, type HeartbeatThreadData } from "./protocol";

const { url, leaseSeconds, intervalMs } = (workerData as { data: HeartbeatThreadData }).data;
const port = parentPort!;
const reply = (message: HeartbeatReply) => port.postMessage(message);

const pool = new pg.Pool({ connectionString: url, max: 1, application_name: "clinaudit-job-heartbeat" });
pool.on("error", (error) => console.error("[jobs] heartbeat thread", error));
const running = new Map<string, { kind: string; capSeconds: number }>();

const beat = (id: string, job: { kind: string; capSeconds: number }) =>
  pool.query(BEAT, [job.kind, id, leaseSeconds, job.capSeconds]).catch((error: unknown) => console.error("[jobs] heartbeat", error));

port.on("message", (command: HeartbeatCommand) => {
  if (command.type === "end") {
    running.delete(command.id);
    return;
  }
  const job = { kind: command.kind, capSeconds: command.capSeconds };
  running.set(command.id, job);
  void beat(command.id, job).then(() => reply({ type: "begun", id: command.id }));
});

setInterval(() => {
  for (const [id, job] of running) void beat(id, job);
}, intervalMs);

await pool.query("SELECT 1");
reply({ type: "ready" });
