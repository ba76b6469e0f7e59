import "server-only";
import type { Db } from "../../db/client";
import type { Rubric } from "../../audits/rubric";
import { expectedRatings } from "./expected-ratings";
import { nextUnrated, type QueueItem } from "./queue";

export interface QueuePlace {
  /** 1-based place of the assignment in the rater's own order for this audit. */
  position: number;
  size: number;
  /** The next assignment not yet done after this one (wrapping), or null. */
  nextAssignmentId: string | null;
}

/**
 * Where one assignment stands in its rater's queue for one audit, from one query of just the
 * columns that decide it (order keys and rated-dimension counts), not the whole review queue:
 * the same order and the same "done" rule as reviewQueue (queue.ts).
 */
export async function queuePlace(
  db: Db,
  userId: string,
  auditId: string,
  assignmentId: string,
  rubric: Rubric,
): Promise<QueuePlace | null> {
  const rows = await db.assignment.findMany({
    where: { userId, auditId, active: true },
    select: {
      id: true,
      reviewPosition: true,
      auditItemId: true,
      auditItem: { select: { sampleOrder: true } },
      _count: { select: { ratings: { where: { category: { not: null } } } } },
    },
  });
  const needed = await expectedRatings(
    db,
    rubric,
    rows.map((r) => r.auditItemId),
  );
  const items = rows
    .map((r) => {
      const rated = r._count.ratings;
      const status: QueueItem["status"] = rated === 0 ? "todo" : rated >= needed(r.auditItemId) ? "done" : "in-progress";
      return { assignmentId: r.id, sampleOrder: r.auditItem.sampleOrder, orderKey: r.reviewPosition ?? r.auditItem.sampleOrder, status };
    })
    .sort((x, y) => x.orderKey - y.orderKey || x.sampleOrder - y.sampleOrder);
  const at = items.findIndex((i) => i.assignmentId === assignmentId);
  if (at < 0) return null;
  const next = nextUnrated(items, assignmentId);
  return { position: at + 1, size: items.length, nextAssignmentId: next?.assignmentId ?? null };
}
