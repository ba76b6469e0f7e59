import "server-only";
import type { Db } from "../../db/client";
import { keptQueue } from "./kept-queue";

export { nextUnrated, type QueueItem, type QueueStatus, queueStatus } from "./queue-status";

/**
 * A clinician's own assignments in audits that are open or closed (drafts are not shown),
 * optionally of one audit only (the case page needs just its own audit's next item), each audit's
 * items in the rater's own review order (Assignment.reviewPosition: a seeded shuffle with one
 * patient's decision points in cutoff order, lib/sampling/review-order.ts; sample order for
 * assignments made before orders were recorded), kept and brought up to date (kept-queue.ts).
 * Scoped by userId inside the query: nothing of anyone else's leaves the server.
 */
export async function reviewQueue(db: Db, userId: string, only: { auditId?: string } = {}) {
  // The rater's audits first (a handful), then flat reads by the indexed (userId, auditId): a
  // filter through auditItem → audit on every assignment costs a join per row.
  const mine = await db.assignment.groupBy({
    by: ["auditId"],
    where: { userId, active: true, ...(only.auditId ? { auditId: only.auditId } : {}) },
  });
  const audits = await db.audit.findMany({
    where: { id: { in: mine.map((m) => m.auditId) }, status: { in: ["OPEN", "CLOSED"] } },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, status: true, rubric: true, sampleSize: true },
  });
  return Promise.all(
    audits.map(async (audit) => ({
      id: audit.id,
      name: audit.name,
      status: audit.status,
      rubric: audit.rubric,
      items: await keptQueue(db, userId, audit),
    })),
  );
}
