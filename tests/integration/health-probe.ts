// What /api/health does (lib/server/health.ts, one query on the server's own client), run every
// 20 ms in the process doing some work, each answer timed from when it was due: a request path
// that holds the event loop (a regex, a parse, a wait that never ends) shows as a late answer.
import type { Db } from "@/lib/db/client";
import { databaseReachable } from "@/lib/server/health";

export interface HealthDuringWork<T> {
  result: T;
  /** Health answers given while the work ran. */
  probes: number;
  /** The slowest, from the moment it was due to its answer. */
  worstMs: number;
  workMs: number;
}

export async function probeHealthDuring<T>(db: Db, work: () => Promise<T>, everyMs = 20): Promise<HealthDuringWork<T>> {
  // A server's client is connected long before: the first query's connection is not the work's cost.
  await databaseReachable(db);
  let running = true;
  let probes = 0;
  let worstMs = 0;
  const probing = (async () => {
    while (running) {
      const due = performance.now() + everyMs;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (!(await databaseReachable(db))) throw new Error("the health check failed");
      worstMs = Math.max(worstMs, performance.now() - due);
      probes++;
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    const workMs = performance.now() - started;
    running = false;
    // The probe due during a block answers after it: counted.
    await probing;
    return { result, probes, worstMs, workMs };
  } finally {
    running = false;
  }
}
