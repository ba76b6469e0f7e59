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
  // The rater's audits first (a handful: the rows of their QueueStamp, one per audit they ever had
  // an assignment in, not a scan of their assignments), then flat reads by the indexed (userId,
  // auditId): a filter through auditItem → audit on every assignment costs a join per row.
  const audits = await db.audit.findMany({
    where: { queueStamps: { some: { userId } }, status: { in: ["OPEN", "CLOSED"] }, ...(only.auditId ? { id: only.auditId } : {}) },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, status: true, rubric: true, sampleSize: true },
  });
  const queues = await Promise.all(
    audits.map(async (audit) => ({
      id: audit.id,
      name: audit.name,
      status: audit.status,
      rubric: audit.rubric,
      items: await keptQueue(db, userId, audit),
    })),
  );
  // An audit the rater was withdrawn from altogether is not theirs to review.
  return queues.filter((q) => q.items.length > 0);
}
