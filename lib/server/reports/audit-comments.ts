import "server-only";
import { inBatches } from "../../db/batches";
import { clientUrl, type Db } from "../../db/client";
import { sortComments, type CommentRow } from "../../reports/comments";
import type { AuditSnapshot } from "../../reports/types";
import { processWide } from "../../process-wide";
import { threadServes } from "../threads/start";
import { Kept } from "./kept";
import { askThread } from "./thread/client";

// Shown beside the report before while a newer one is computed: keepReplaced, as the reports (kept-report.ts).
const kept = processWide("kept-audit-comments", () => new Kept<CommentRow[]>(undefined, { keepReplaced: true }));

/**
 * The comments as loadAuditComments reads them, kept per dashboard version (a comment save stamps
 * its assignment's last activity, which the version covers): the live dashboard re-renders every
 * few seconds, and a full review's comments cost a read of every commented assignment and its
 * saves each time (~70 ms at 14,000 assignments): read in the report thread, off the event loop.
 * `orLatest`: beside a report from before the latest changes, the comments kept last, if any, so
 * that the page does not wait for the thread while it computes the new report.
 */
export function keptAuditComments(
  db: Db,
  snapshot: Pick<AuditSnapshot, "audit" | "raters" | "rubric">,
  version: string,
  o: { orLatest?: boolean } = {},
): Promise<CommentRow[]> {
  const auditId = snapshot.audit.id;
  const before = o.orLatest && !kept.ready(auditId, version) ? kept.latest(auditId) : undefined;
  if (before) return before;
  const url = clientUrl(db);
  const head = { audit: snapshot.audit, raters: snapshot.raters, rubric: snapshot.rubric };
  return kept.get(auditId, version, () =>
    threadServes(url) ? askThread({ op: "comments", url, auditId, version, head }) : loadAuditComments(db, snapshot),
  );
}

/**
 * Every active rater's comment on the audit, labelled as the snapshot labels raters, with the
 * time of its last save (from the append-only trail) and the rater's own ratings beside it.
 * Callers check access first: this is every rater's text.
 */
export async function loadAuditComments(db: Db, snapshot: Pick<AuditSnapshot, "audit" | "raters" | "rubric">): Promise<CommentRow[]> {
  const auditId = snapshot.audit.id;
  const assignments = await db.assignment.findMany({
    where: { auditId, active: true, NOT: { comment: "" } },
    select: {
      id: true,
      userId: true,
      comment: true,
      auditItem: { select: { id: true, sampleOrder: true, item: { select: { externalId: true } } } },
      ratings: { select: { dimension: true, category: true } },
    },
  });
  const label = new Map(snapshot.raters.map((r) => [r.id, r.label]));
  const saves = assignments.length
    ? await inBatches(
        assignments.map((a) => a.id),
        (batch) =>
          db.auditEvent.findMany({
            where: { action: "comment.save", entity: "Assignment", entityId: { in: batch } },
            select: { entityId: true, at: true },
          }),
      )
    : [];
  const lastSave = new Map<string, Date>();
  for (const s of saves) if (!(lastSave.get(s.entityId)! >= s.at)) lastSave.set(s.entityId, s.at);
  return sortComments(
    assignments.map((a) => ({
      itemId: a.auditItem.id,
      externalId: a.auditItem.item.externalId,
      sampleOrder: a.auditItem.sampleOrder,
      rater: label.get(a.userId) ?? "?",
      text: a.comment,
      savedAt: lastSave.get(a.id)?.toISOString() ?? null,
      ratings: Object.fromEntries(snapshot.rubric.map((d) => [d.key, a.ratings.find((r) => r.dimension === d.key)?.category ?? null])),
    })),
  );
}
