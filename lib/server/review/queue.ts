import "server-only";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";

export type QueueStatus = "todo" | "in-progress" | "done";

/**
 * A clinician's own assignments in audits that are open or closed (drafts are not shown),
 * optionally of one audit only (the case page needs just its own audit's next item).
 * Scoped by userId inside the query: nothing of anyone else's leaves the server.
 */
export async function reviewQueue(db: Db, userId: string, only: { auditId?: string } = {}) {
  const assignments = await db.assignment.findMany({
    where: { userId, active: true, ...(only.auditId ? { auditId: only.auditId } : {}), auditItem: { audit: { status: { in: ["OPEN", "CLOSED"] } } } },
    orderBy: [{ auditItem: { audit: { createdAt: "desc" } } }, { auditItem: { sampleOrder: "asc" } }],
    select: {
      id: true,
      lastActivityAt: true,
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
  const dimensions = new Map<string, number>(); // the rubric is validated once per audit, not per assignment
  for (const a of assignments) {
    const audit = a.auditItem.audit;
    let dims = dimensions.get(audit.id);
    if (dims === undefined) dimensions.set(audit.id, (dims = parseRubric(audit.rubric).length));
    const entry = audits.get(audit.id) ?? { id: audit.id, name: audit.name, status: audit.status, items: [] };
    const rated = new Set(a.ratings.map((r) => r.dimension)).size;
    entry.items.push({
      assignmentId: a.id,
      sampleOrder: a.auditItem.sampleOrder,
      ...a.auditItem.item,
      status: rated === 0 ? "todo" : rated >= dims ? "done" : "in-progress",
      lastActivityAt: a.lastActivityAt,
    });
    audits.set(audit.id, entry);
  }
  return [...audits.values()];
}

export interface QueueItem {
  assignmentId: string;
  sampleOrder: number;
  externalId: string;
  chapter: string | null;
  level: string | null;
  decisionPoint: number | null;
  kind: string;
  status: QueueStatus;
  lastActivityAt: Date | null;
}

/** The next item to review after `afterOrder` in the same audit (wrapping), not yet done. */
export function nextUnrated(items: QueueItem[], afterOrder = 0): QueueItem | null {
  const open = items.filter((i) => i.status !== "done");
  return open.find((i) => i.sampleOrder > afterOrder) ?? open[0] ?? null;
}
