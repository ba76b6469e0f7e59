import "server-only";
import { inBatches } from "../../db/batches";
import type { Db, Prisma } from "../../db/client";
import type { Rubric } from "../../audits/rubric";
import { expectedRatings } from "./expected-ratings";
import { nextUnrated, queueStatus } from "./queue";

export interface QueuePlace {
  /** 1-based place of the assignment in the rater's own order for this audit. */
  position: number;
  size: number;
  /** The next assignment not yet done after this one (wrapping), or null. */
  nextAssignmentId: string | null;
  /** The open one after that (wrapping; never this one), or null: the case page prefetches both. */
  followingAssignmentId: string | null;
}

/** Queue order: the stored review position, ties by sample order (as reviewQueue sorts). */
const ORDER = [{ reviewPosition: "asc" as const }, { auditItem: { sampleOrder: "asc" as const } }];
/** The first look for the next open item; each further look is 4× longer (a finished queue is read in a few). */
const FIRST_LOOK = 20;

/**
 * Where one assignment stands in its rater's queue for one audit: the same order and the same
 * "done" rule as reviewQueue (queue.ts), at a cost independent of the queue's length — counts for
 * the place, and the next open item read from just after this one (wrapping), a few rows at a time.
 */
export async function queuePlace(
  db: Db,
  userId: string,
  auditId: string,
  assignmentId: string,
  rubric: Rubric,
): Promise<QueuePlace | null> {
  const where = { userId, auditId, active: true as const };
  const [mine, size, unordered] = await Promise.all([
    db.assignment.findFirst({
      where: { ...where, id: assignmentId },
      select: { reviewPosition: true, auditItem: { select: { sampleOrder: true } } },
    }),
    db.assignment.count({ where }),
    db.assignment.count({ where: { ...where, reviewPosition: null } }),
  ]);
  if (!mine) return null;
  const needed = await expectedRatings(db, rubric, auditId);
  // Assignments made before review orders were stored follow the sample order: read them whole.
  if (unordered > 0 || mine.reviewPosition === null) return placeInMemory(db, where, assignmentId, needed);
  const [p, s] = [mine.reviewPosition, mine.auditItem.sampleOrder];
  const before = { ...where, OR: [{ reviewPosition: { lt: p } }, { reviewPosition: p, auditItem: { sampleOrder: { lt: s } } }] };
  const after = { ...where, OR: [{ reviewPosition: { gt: p } }, { reviewPosition: p, auditItem: { sampleOrder: { gt: s } } }] };
  const [earlier, later] = await Promise.all([db.assignment.count({ where: before }), firstOpen(db, after, needed, 2)]);
  const next = later.length < 2 ? [...later, ...(await firstOpen(db, before, needed, 2 - later.length))] : later;
  return { position: earlier + 1, size, nextAssignmentId: next[0] ?? null, followingAssignmentId: next[1] ?? null };
}

/** The first `count` assignments in queue order under `where` with fewer ratings than they need. */
async function firstOpen(
  db: Db,
  where: Prisma.AssignmentWhereInput,
  needed: (auditItemId: string) => number,
  count: number,
): Promise<string[]> {
  const found: string[] = [];
  for (let skip = 0, take = FIRST_LOOK; ; skip += take, take *= 4) {
    const rows = await db.assignment.findMany({ where, orderBy: ORDER, skip, take, select: { id: true, auditItemId: true } });
    const rated = await ratedCounts(
      db,
      rows.map((r) => r.id),
    );
    for (const r of rows)
      if (queueStatus(rated.get(r.id) ?? 0, needed(r.auditItemId)) !== "done" && found.push(r.id) >= count) return found;
    if (rows.length < take) return found;
  }
}

/** Rated dimensions per assignment, of the given assignments only. */
async function ratedCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  const groups = await inBatches(ids, (batch) =>
    db.rating.groupBy({ by: ["assignmentId"], where: { assignmentId: { in: batch }, category: { not: null } }, _count: { _all: true } }),
  );
  return new Map(groups.map((g) => [g.assignmentId, g._count._all]));
}

/** The whole queue read at once: only for audits whose assignments have no stored review order. */
async function placeInMemory(
  db: Db,
  where: { userId: string; auditId: string; active: true },
  assignmentId: string,
  needed: (auditItemId: string) => number,
): Promise<QueuePlace | null> {
  const rows = await db.assignment.findMany({
    where,
    select: { id: true, reviewPosition: true, auditItemId: true, auditItem: { select: { sampleOrder: true } } },
  });
  const rated = await ratedCounts(
    db,
    rows.map((r) => r.id),
  );
  const items = rows
    .map((r) => {
      const status = queueStatus(rated.get(r.id) ?? 0, needed(r.auditItemId));
      return { assignmentId: r.id, sampleOrder: r.auditItem.sampleOrder, orderKey: r.reviewPosition ?? r.auditItem.sampleOrder, status };
    })
    .sort((x, y) => x.orderKey - y.orderKey || x.sampleOrder - y.sampleOrder);
  const at = items.findIndex((i) => i.assignmentId === assignmentId);
  if (at < 0) return null;
  const next = nextUnrated(items, assignmentId);
  const following = next && nextUnrated(items, next.assignmentId);
  return {
    position: at + 1,
    size: items.length,
    nextAssignmentId: next?.assignmentId ?? null,
    followingAssignmentId: following && following.assignmentId !== assignmentId ? following.assignmentId : null,
  };
}
