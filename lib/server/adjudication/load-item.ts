import "server-only";
import type { Db } from "../../db/client";
import { orderRaters, storedRaterOrder } from "../../audits/rater-order";
import { parseRubric } from "../../audits/rubric";
import type { Item } from "../../formats";
import type { Viewer } from "../../access-log/events";
import { recordAccess } from "../access-log/log";
import { eventFromRow, noteFromRow } from "../datasets/rows";
import { CASE_ITEM_SELECT } from "../review/case-page";

/**
 * One item for adjudication: the case (record up to the cutoff, as the raters saw it) and every
 * rater's ratings, comment and corrections — revealed only here, after access was checked. With
 * a viewer (the page), the view goes to the access log's buffer.
 */
export async function loadAdjudicationItem(db: Db, auditId: string, auditItemId: string, viewer?: Viewer) {
  const row = await db.auditItem.findFirst({
    where: { id: auditItemId, auditId },
    select: {
      id: true,
      sampleOrder: true,
      audit: { select: { name: true, status: true, rubric: true, raterOrder: true } },
      adjudication: true,
      item: { select: CASE_ITEM_SELECT },
      assignments: {
        where: { active: true },
        select: {
          id: true,
          comment: true,
          flagged: true,
          user: { select: { id: true, name: true } },
          ratings: { select: { dimension: true, category: true } },
          corrections: {
            orderBy: [{ turnOrder: "asc" }, { createdAt: "asc" }],
            select: { id: true, kind: true, turnOrder: true, proposal: true, newGold: true, rationale: true, decision: true },
          },
        },
      },
    },
  });
  if (!row) return null;
  const { item } = row;
  if (viewer)
    recordAccess(db, {
      ...viewer,
      action: "adjudication.view",
      patient: item.patient.externalId,
      itemExternalId: item.externalId,
      datasetId: item.datasetId,
      auditId,
      itemId: item.id,
      auditItemId,
    });
  // Rater labels as in every report of the audit: R1…Rn audit-wide (lib/audits/rater-order).
  const audited = await db.assignment.findMany({
    where: { auditId, active: true },
    distinct: ["userId"],
    select: { userId: true, user: { select: { createdAt: true } } },
  });
  const order = orderRaters(
    audited.map((a) => ({ userId: a.userId, createdAt: a.user.createdAt })),
    storedRaterOrder(row.audit.raterOrder),
  );
  const [events, notes] = await Promise.all([
    item.kind === "mcq" && item.cutoffTime
      ? db.ehrEvent.findMany({
          where: { patientId: item.patientId, time: { lte: item.cutoffTime } },
          orderBy: [{ time: "asc" }, { position: "asc" }],
        })
      : Promise.resolve([]),
    item.kind === "conversation"
      ? db.note.findMany({ where: { patientId: item.patientId }, orderBy: { noteNum: "asc" } })
      : Promise.resolve([]),
  ]);
  return {
    ...row,
    rubric: parseRubric(row.audit.rubric),
    item: { ...item, data: item.data as unknown as Item },
    raters: row.assignments
      .map((a) => ({ label: `R${order.indexOf(a.user.id) + 1}`, ...a }))
      .sort((a, b) => order.indexOf(a.user.id) - order.indexOf(b.user.id)),
    events: events.map((e) => ({ id: e.id, event: eventFromRow(e) })),
    notes: notes.map((n) => ({ id: n.id, note: noteFromRow(n) })),
  };
}
export type AdjudicationItem = NonNullable<Awaited<ReturnType<typeof loadAdjudicationItem>>>;
