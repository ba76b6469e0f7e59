// Test support (tests and the app bench): one assigned case read straight from the database.
import type { Db } from "../../lib/db/client";
import { parseRubric } from "../../lib/audits/rubric";
import type { Item, Note } from "../../lib/formats";
import { eventFromRow, noteFromRow } from "../../lib/server/datasets/rows";
import { CASE_ITEM_SELECT } from "../../lib/server/review/case-page";

/**
 * Everything a clinician needs to review one assigned item — and nothing more:
 *  - only their own assignment (404 otherwise), only in an open or closed audit;
 *  - only records dated at or before the item's cutoff: the cutoff is part of the query, so
 *    later records are never read for this page;
 *  - only their own ratings, comment and corrections (blinding).
 */
export async function loadCase(db: Db, userId: string, assignmentId: string) {
  const assignment = await db.assignment.findFirst({
    where: { id: assignmentId, userId, active: true, auditItem: { audit: { status: { in: ["OPEN", "CLOSED"] } } } },
    select: {
      id: true,
      comment: true,
      commentVersion: true,
      flagged: true,
      reviewPosition: true,
      ratings: { select: { dimension: true, category: true, version: true } },
      corrections: { select: { id: true, kind: true, turnOrder: true, proposal: true, newGold: true, rationale: true, version: true } },
      auditItem: {
        select: {
          sampleOrder: true,
          audit: { select: { id: true, name: true, status: true, rubric: true, _count: { select: { items: true } } } },
          item: { select: { ...CASE_ITEM_SELECT, ruleId: true } },
        },
      },
    },
  });
  if (!assignment) return null;
  const { item, audit, sampleOrder } = assignment.auditItem;
  // Event times and the cutoff were stored as the instants they denote, by one rule
  // (rows.ts toInstant, in the dataset's zone), so "at or before the cutoff" is `lte`.
  const cutoff = item.cutoffTime;
  const [events, notes] = await Promise.all([
    item.kind === "mcq" && cutoff
      ? db.ehrEvent.findMany({
          where: { patientId: item.patientId, time: { lte: cutoff } },
          orderBy: [{ time: "asc" }, { position: "asc" }],
          select: { id: true, eventId: true, time: true, gaDays: true, visitId: true, type: true, name: true, text: true, data: true },
        })
      : Promise.resolve([]),
    item.kind === "conversation"
      ? db.note.findMany({ where: { patientId: item.patientId }, orderBy: { noteNum: "asc" } })
      : Promise.resolve([]),
  ]);
  return {
    assignmentId: assignment.id,
    audit: { id: audit.id, name: audit.name, status: audit.status, rubric: parseRubric(audit.rubric), size: audit._count.items },
    sampleOrder,
    /** Place in this rater's own review order (sample order for assignments made before orders were recorded). */
    position: assignment.reviewPosition ?? sampleOrder,
    flagged: assignment.flagged,
    item: { ...item, data: item.data as unknown as Item, patientExternalId: item.patient.externalId, timeZone: item.dataset.timeZone },
    events: events.map((e) => ({ id: e.id, time: e.time, event: eventFromRow(e) })),
    notes: notes.map((n) => ({ id: n.id, note: noteFromRow(n) as Note })),
    ratings: assignment.ratings,
    comment: { comment: assignment.comment, version: assignment.commentVersion },
    corrections: assignment.corrections,
  };
}
export type ReviewCase = NonNullable<Awaited<ReturnType<typeof loadCase>>>;
