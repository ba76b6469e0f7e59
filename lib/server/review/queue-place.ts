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
  // The rated counts come from the rater's own ratings: a `_count` on the relation would count
  // every rating in the database (a GROUP BY over the whole table) and join the rater's rows to it.
  const where = { userId, auditId, active: true };
  const [rows, rated] = await Promise.all([
    db.assignment.findMany({
      where,
      select: { id: true, reviewPosition: true, auditItemId: true, auditItem: { select: { sampleOrder: true } } },
    }),
    db.rating.groupBy({ by: ["assignmentId"], where: { assignment: where, category: { not: null } }, _count: { _all: true } }),
  ]);
  const ratedBy = new Map(rated.map((r) => [r.assignmentId, r._count._all]));
  const needed = await expectedRatings(db, rubric, auditId);
  const items = rows
    .map((r) => {
      const rated = ratedBy.get(r.id) ?? 0;
      const status: QueueItem["status"] = rated === 0 ? "todo" : rated >= needed(r.auditItemId) ? "done" : "in-progress";
      return { assignmentId: r.id, sampleOrder: r.auditItem.sampleOrder, orderKey: r.reviewPosition ?? r.auditItem.sampleOrder, status };
    })
    .sort((x, y) => x.orderKey - y.orderKey || x.sampleOrder - y.sampleOrder);
  const at = items.findIndex((i) => i.assignmentId === assignmentId);
  if (at < 0) return null;
  const next = nextUnrated(items, assignmentId);
  return { position: at + 1, size: items.length, nextAssignmentId: next?.assignmentId ?? null };
}
