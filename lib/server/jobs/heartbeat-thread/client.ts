// A PostgreSQL job worker's heartbeat (pg-queue.ts): from a thread of its own (entry.ts), so a
// handler holding the event loop does not stop the beats; from this thread's timers when the
// thread cannot run (a checkout without the threads' files, a thread that failed to start or died).
//
// Why a thread and not a longer lease: any lease shorter than the longest synchronous stretch of
// any handler runs a live job twice, and a lease longer than that (minutes) leaves a dead worker's
// job unseen for as long. The thread shares the process's fate, not its event loop's.
import "server-only";
import type { Worker } from "node:worker_threads";
import { bootPresent, startThread, threadDir } from "../../threads/start";
import { BEAT, type HeartbeatCommand, type HeartbeatReply, type HeartbeatThreadData } from "./protocol";
import { log } from "../../log";

export interface Heartbeat {
  /** Beats once for the job (resolved when written), then every interval until `end`. */
  begin(kind: string, id: string, capSeconds: number): Promise<void>;
  end(id: string): void;
  close(): Promise<void>;
  /** "thread" or "loop": where the beats come from (tests and the log read it). */
  readonly source: () => "thread" | "loop";
}

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/** Beats from this thread's timers: stops while the event loop is held. */
export function loopHeartbeat(query: Query, { leaseSeconds, intervalMs }: Omit<HeartbeatThreadData, "url">): Heartbeat {
  const timers = new Map<string, NodeJS.Timeout>();
  const beat = (kind: string, id: string, capSeconds: number) =>
    query(BEAT, [kind, id, leaseSeconds, capSeconds]).catch((error: unknown) =>
      log().error({ err: error, scope: "jobs" }, "heartbeat failed"),
    );
  return {
    async begin(kind, id, capSeconds) {
      await beat(kind, id, capSeconds);
      timers.set(
        id,
        setInterval(() => beat(kind, id, capSeconds), intervalMs),
      );
    },
    end(id) {
      clearInterval(timers.get(id));
      timers.delete(id);
    },
    async close() {
      for (const timer of timers.values()) clearInterval(timer);
      timers.clear();
    },
    source: () => "loop",
  };
}

const ENTRY = `${threadDir("jobs", "heartbeat-thread")}/entry.ts`;

/** The thread's heartbeat once it is connected; the loop's when it cannot start, and from when it dies. */
export async function startHeartbeat(data: HeartbeatThreadData, query: Query): Promise<Heartbeat> {
  const fallback = () => loopHeartbeat(query, data);
  if (!bootPresent()) return fallback();
  // At the process's priority: a beat that waits behind an import's thread could miss its lease.
  const worker: Worker = startThread(ENTRY, { data, priority: "foreground" });
  const begun = new Map<string, () => void>();
  const running = new Map<string, { kind: string; capSeconds: number }>();
  let loop: Heartbeat | undefined;
  worker.on("message", (m: HeartbeatReply) => {
    if (m.type === "begun") begun.get(m.id)?.();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on("message", (m: HeartbeatReply) => m.type === "ready" && resolve());
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`exited with code ${code}`)));
    });
  } catch (error) {
    log().error({ err: error, scope: "jobs" }, "heartbeat thread did not start; beating from the event loop");
    void worker.terminate();
    return fallback();
  }
  worker.unref();
  let closing = false;
  worker.on("error", (error) => log().error({ err: error, scope: "jobs" }, "heartbeat thread failed"));
  worker.on("exit", () => {
    for (const resolve of begun.values()) resolve();
    if (closing) return;
    log().error({ scope: "jobs" }, "heartbeat thread stopped; beating from the event loop");
    loop = fallback();
    for (const [id, job] of running) void loop.begin(job.kind, id, job.capSeconds);
  });
  const send = (command: HeartbeatCommand) => worker.postMessage(command);
  return {
    async begin(kind, id, capSeconds) {
      running.set(id, { kind, capSeconds });
      if (loop) return loop.begin(kind, id, capSeconds);
      await new Promise<void>((resolve) => {
        begun.set(id, resolve);
        send({ type: "begin", kind, id, capSeconds });
      });
      begun.delete(id);
    },
    end(id) {
      running.delete(id);
      if (loop) loop.end(id);
      else send({ type: "end", id });
    },
    async close() {
      closing = true;
      await loop?.close();
      await worker.terminate();
    },
    source: () => (loop ? "loop" : "thread"),
  };
}
