// Where an interval runner's jobs read and keep what they need (runner.ts IntervalStore): the
// database itself, for a runner in the web process (where no thread can reach the database: an
// in-memory SQLite). The latent-interval thread has no database client of its own: its jobs ask
// the web process, which asks the report thread (entry.ts, client.ts).
import "server-only";
import type { Db } from "../../../db/client";
import { latentIntervalTasks } from "../../../reports/latent-class";
import { loadAuditSnapshot } from "../audit-snapshot";
import type { IntervalStore } from "./runner";
import { hasLatentInterval, saveLatentInterval } from "./rows";

/** The store of a runner that reads the database itself: the audit's tasks from a snapshot read for them. */
export function databaseStore(db: Db): IntervalStore {
  return {
    has: (auditId, dimension, inputs) => hasLatentInterval(db, auditId, dimension, inputs),
    save: (auditId, kept, computeMs) => saveLatentInterval(db, auditId, kept, computeMs),
    tasks: async (auditId) => {
      const snapshot = await loadAuditSnapshot(db, auditId);
      return snapshot && latentIntervalTasks(snapshot);
    },
  };
}
