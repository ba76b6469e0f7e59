import "server-only";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";
import { expectedRatings } from "./expected-ratings";

export type QueueStatus = "todo" | "in-progress" | "done";

/**
 * A clinician's own assignments in audits that are open or closed (drafts are not shown),
 * optionally of one audit only (the case page needs just its own audit's next item), each audit's
 * items in the rater's own review order (Assignment.reviewPosition: a seeded shuffle with one
 * patient's decision points in cutoff order, lib/sampling/review-order.ts; sample order for
 * assignments made before orders were recorded).
 * Scoped by userId inside the query: nothing of anyone else's leaves the server.
 */
export async function reviewQueue(db: Db, userId: string, only: { auditId?: string } = {}) {
  const assignments = await db.assignment.findMany({
    where: {
      userId,
      active: true,
      ...(only.auditId ? { auditId: only.auditId } : {}),
      auditItem: { audit: { status: { in: ["OPEN", "CLOSED"] } } },
    },
    orderBy: [{ auditItem: { audit: { createdAt: "desc" } } }, { auditItem: { sampleOrder: "asc" } }],
    select: {
      id: true,
      lastActivityAt: true,
      reviewPosition: true,
      flagged: true,
      auditItemId: true,
      ratings: { where: { category: { not: null } }, select: { dimension: true } },
      auditItem: {
        select: {
          sampleOrder: true,
          item: { select: { externalId: true, chapter: true, level: true, decisionPoint: true, kind: true } },
          audit: { select: { id: true, name: true, status: true, rubric: true } },
        },
      },
    },
  });
  const audits = new Map<string, { id: string; name: string; status: string; items: QueueItem[] }>();
  const expected = new Map<string, (auditItemId: string) => number>(); // the rubric is validated once per audit, not per assignment
  for (const a of assignments) {
    const audit = a.auditItem.audit;
    if (!expected.has(audit.id)) {
      const ids = assignments.filter((x) => x.auditItem.audit.id === audit.id).map((x) => x.auditItemId);
      expected.set(audit.id, await expectedRatings(db, parseRubric(audit.rubric), ids));
    }
    const needed = expected.get(audit.id)!(a.auditItemId);
    const entry = audits.get(audit.id) ?? { id: audit.id, name: audit.name, status: audit.status, items: [] };
    const rated = new Set(a.ratings.map((r) => r.dimension)).size;
    entry.items.push({
      assignmentId: a.id,
      sampleOrder: a.auditItem.sampleOrder,
      position: 0,
      ...a.auditItem.item,
      status: rated === 0 ? "todo" : rated >= needed ? "done" : "in-progress",
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
