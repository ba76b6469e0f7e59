import "server-only";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";
import { expectedRatings } from "./expected-ratings";

export type QueueStatus = "todo" | "in-progress" | "done";

/** An assignment's status from its rated dimensions and the ratings its item needs (one rule for the queue and the case page). */
export function queueStatus(rated: number, needed: number): QueueStatus {
  return rated === 0 ? "todo" : rated >= needed ? "done" : "in-progress";
}

/**
 * A clinician's own assignments in audits that are open or closed (drafts are not shown),
 * optionally of one audit only (the case page needs just its own audit's next item), each audit's
 * items in the rater's own review order (Assignment.reviewPosition: a seeded shuffle with one
 * patient's decision points in cutoff order, lib/sampling/review-order.ts; sample order for
 * assignments made before orders were recorded).
 * Scoped by userId inside the query: nothing of anyone else's leaves the server.
 */
export async function reviewQueue(db: Db, userId: string, only: { auditId?: string } = {}) {
  const where = {
    userId,
    active: true,
    ...(only.auditId ? { auditId: only.auditId } : {}),
    auditItem: { audit: { status: { in: ["OPEN" as const, "CLOSED" as const] } } },
  };
  // Rated counts by a grouped join: a filtered nested relation binds every assignment id (P2029 on SQLite).
  const [rated, assignments] = await Promise.all([
    db.rating.groupBy({ by: ["assignmentId"], where: { assignment: where, category: { not: null } }, _count: { _all: true } }),
    db.assignment.findMany({
      where,
      orderBy: [{ auditItem: { audit: { createdAt: "desc" } } }, { auditItem: { sampleOrder: "asc" } }],
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
            audit: { select: { id: true, name: true, status: true, rubric: true } },
          },
        },
      },
    }),
  ]);
  const ratedBy = new Map(rated.map((r) => [r.assignmentId, r._count._all]));
  const audits = new Map<string, { id: string; name: string; status: string; items: QueueItem[] }>();
  const expected = new Map<string, (auditItemId: string) => number>(); // the rubric is validated once per audit, not per assignment
  for (const a of assignments) {
    const audit = a.auditItem.audit;
    if (!expected.has(audit.id)) {
      expected.set(audit.id, await expectedRatings(db, parseRubric(audit.rubric), audit.id));
    }
    const needed = expected.get(audit.id)!(a.auditItemId);
    const entry = audits.get(audit.id) ?? { id: audit.id, name: audit.name, status: audit.status, items: [] };
    const rated = ratedBy.get(a.id) ?? 0;
    entry.items.push({
      assignmentId: a.id,
      sampleOrder: a.auditItem.sampleOrder,
      position: 0,
      ...a.auditItem.item,
      status: queueStatus(rated, needed),
      flagged: a.flagged,
      lastActivityAt: a.lastActivityAt,
      orderKey: a.reviewPosition ?? a.auditItem.sampleOrder,
    });
    audits.set(audit.id, entry);
  }
  for (const audit of audits.values()) {
    audit.items.sort((x, y) => x.orderKey - y.orderKey || x.sampleOrder - y.sampleOrder);
    audit.items.forEach((item, i) => (item.position = i + 1));
  }
  return [...audits.values()];
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
