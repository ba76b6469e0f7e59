import "server-only";
import { createHash } from "node:crypto";
import { parseRubric } from "../../audits/rubric";
import type { Db } from "../../db/client";
import { processWide } from "../../process-wide";
import { Kept } from "../reports/kept";
import { expectedRatings } from "./expected-ratings";

export type QueueStatus = "todo" | "in-progress" | "done";

/** An assignment's status from its rated dimensions and the ratings its item needs (one rule for the queue and the case page). */
export function queueStatus(rated: number, needed: number): QueueStatus {
  return rated === 0 ? "todo" : rated >= needed ? "done" : "in-progress";
}

/** Queues kept (a rater in one audit each): a full review's is ~5,000 rows, ~1 MB. */
const KEPT_QUEUES = 32;
const kept = processWide("kept-queues", () => new Kept<QueueItem[]>(KEPT_QUEUES));

type QueueAudit = { id: string; name: string; status: string; rubric: unknown; sampleSize: number };

/**
 * A clinician's own assignments in audits that are open or closed (drafts are not shown),
 * optionally of one audit only (the case page needs just its own audit's next item), each audit's
 * items in the rater's own review order (Assignment.reviewPosition: a seeded shuffle with one
 * patient's decision points in cutoff order, lib/sampling/review-order.ts; sample order for
 * assignments made before orders were recorded).
 * Scoped by userId inside the query: nothing of anyone else's leaves the server.
 *
 * Each audit's list is read once per change of what it shows (queueVersion) and kept: a full
 * review's queue is thousands of rows, and a rater opens it far more often than it changes.
 */
export async function reviewQueue(db: Db, userId: string, only: { auditId?: string } = {}) {
  // The rater's audits first (a handful), then flat reads by the indexed (userId, auditId): a
  // filter through auditItem → audit on every assignment costs a join per row.
  const mine = await db.assignment.groupBy({
    by: ["auditId"],
    where: { userId, active: true, ...(only.auditId ? { auditId: only.auditId } : {}) },
  });
  const audits: QueueAudit[] = await db.audit.findMany({
    where: { id: { in: mine.map((m) => m.auditId) }, status: { in: ["OPEN", "CLOSED"] } },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, status: true, rubric: true, sampleSize: true },
  });
  return Promise.all(
    audits.map(async (audit) => {
      const version = await queueVersion(db, userId, audit);
      const items = await kept.get(`${userId}:${audit.id}`, version, () => readQueue(db, userId, audit));
      return { id: audit.id, name: audit.name, status: audit.status, items };
    }),
  );
}

/**
 * A fingerprint of what a rater's queue in one audit shows, from aggregates only: the audit's
 * rubric and sample (what "done" needs), the rater's active assignments (count, order, flags,
 * last activity: flags, comments and ratings stamp it) and their ratings (count, version sum —
 * every save increments a version — latest change).
 */
async function queueVersion(db: Db, userId: string, audit: QueueAudit): Promise<string> {
  const where = { userId, auditId: audit.id, active: true };
  const [assignments, flagged, ratings] = await Promise.all([
    db.assignment.aggregate({
      where,
      _count: { _all: true },
      _sum: { reviewPosition: true },
      _max: { assignedAt: true, lastActivityAt: true },
    }),
    db.assignment.count({ where: { ...where, flagged: true } }),
    db.rating.aggregate({ where: { assignment: where }, _count: { _all: true }, _sum: { version: true }, _max: { updatedAt: true } }),
  ]);
  return [
    createHash("sha256").update(JSON.stringify(audit.rubric)).digest("hex").slice(0, 12),
    audit.sampleSize,
    assignments._count._all,
    assignments._sum.reviewPosition ?? 0,
    assignments._max.assignedAt?.getTime() ?? 0,
    assignments._max.lastActivityAt?.getTime() ?? 0,
    flagged,
    ratings._count._all,
    ratings._sum.version ?? 0,
    ratings._max.updatedAt?.getTime() ?? 0,
  ].join(":");
}

/** The rater's whole queue in one audit, in their review order, each item with its status. */
async function readQueue(db: Db, userId: string, audit: QueueAudit): Promise<QueueItem[]> {
  const where = { userId, auditId: audit.id, active: true };
  // Rated counts by a grouped join: a filtered nested relation binds every assignment id (P2029 on SQLite).
  const [rated, assignments, needed] = await Promise.all([
    db.rating.groupBy({ by: ["assignmentId"], where: { assignment: where, category: { not: null } }, _count: { _all: true } }),
    db.assignment.findMany({
      where,
      select: {
        id: true,
        lastActivityAt: true,
        reviewPosition: true,
        flagged: true,
        auditItemId: true,
        auditItem: {
          select: {
            sampleOrder: true,
            item: { select: { externalId: true, chapter: true, level: true, decisionPoint: true, kind: true } },
          },
        },
      },
    }),
    expectedRatings(db, parseRubric(audit.rubric), audit.id),
  ]);
  const ratedBy = new Map(rated.map((r) => [r.assignmentId, r._count._all]));
  const items = assignments.map(
    (a): QueueItem => ({
      assignmentId: a.id,
      sampleOrder: a.auditItem.sampleOrder,
      position: 0,
      ...a.auditItem.item,
      status: queueStatus(ratedBy.get(a.id) ?? 0, needed(a.auditItemId)),
      flagged: a.flagged,
      lastActivityAt: a.lastActivityAt,
      orderKey: a.reviewPosition ?? a.auditItem.sampleOrder,
    }),
  );
  items.sort((x, y) => x.orderKey - y.orderKey || x.sampleOrder - y.sampleOrder);
  items.forEach((item, i) => (item.position = i + 1));
  return items;
}

export interface QueueItem {
  assignmentId: string;
  sampleOrder: number;
  /** 1-based place in this rater's queue for the audit (their review order). */
  position: number;
  /** What the queue is sorted by: the stored review position, else the sample order. */
  orderKey: number;
  externalId: string;
  chapter: string | null;
  level: string | null;
  decisionPoint: number | null;
  kind: string;
  status: QueueStatus;
  flagged: boolean;
  lastActivityAt: Date | null;
}

/** The next item not yet done after the assignment `afterId` in queue order (wrapping); the first open one without it. */
export function nextUnrated<T extends Pick<QueueItem, "assignmentId" | "status">>(items: T[], afterId?: string): T | null {
  const at = afterId === undefined ? -1 : items.findIndex((i) => i.assignmentId === afterId);
  const rotated = [...items.slice(at + 1), ...items.slice(0, at + 1)];
  return rotated.find((i) => i.status !== "done" && i.assignmentId !== afterId) ?? null;
}
