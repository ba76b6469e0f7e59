import "server-only";
import type { Db } from "../../db/client";
import { parseGuidelines } from "../../audits/guidelines";
import { parseRubric } from "../../audits/rubric";
import type { Item, Note } from "../../formats";
import { recordAccess } from "../access-log/log";
import { FINDING_SELECT, findingView } from "../datasets/findings";
import { noteFromRow } from "../datasets/rows";
import { queuePlace } from "./queue-place";
import { caseRecord } from "./record-cache";

/**
 * What the case page shows, in as few queries as the page allows: one for the assignment with
 * everything hanging off it (the rater's own ratings, comment and corrections, the audit and its
 * guidelines, the item and its findings), the rater's place in the audit from their kept queue
 * (kept-queue.ts), and the item's pre-cutoff record from the record cache (no query once built). Access is loadCase's: only the
 * rater's own active assignment in an open or closed audit (null otherwise: 404), and the record
 * is asked for only after that check. A page shown is a view of the patient's record: it goes to
 * the access log's buffer (no query here), from `address` when a trusted proxy gave one.
 */
export async function loadCasePage(
  db: Db,
  userId: string,
  assignmentId: string,
  options: { recordDir?: string | null; address?: string | null } = {},
) {
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
      auditItemId: true,
      auditItem: {
        select: {
          sampleOrder: true,
          audit: { select: { id: true, name: true, status: true, rubric: true, sampleSize: true, guidelines: true } },
          item: {
            select: {
              id: true,
              kind: true,
              externalId: true,
              cutoffTime: true,
              chapter: true,
              level: true,
              decisionPoint: true,
              data: true,
              patientId: true,
              datasetId: true,
              patient: { select: { externalId: true } },
              dataset: { select: { timeZone: true } },
              findings: { orderBy: { position: "asc" }, select: FINDING_SELECT },
            },
          },
        },
      },
    },
  });
  if (!assignment) return null;
  const { item, audit, sampleOrder } = assignment.auditItem;
  const rubric = parseRubric(audit.rubric);
  recordAccess(db, {
    userId,
    action: "case.view",
    patient: item.patient.externalId,
    itemExternalId: item.externalId,
    datasetId: item.datasetId,
    auditId: audit.id,
    itemId: item.id,
    auditItemId: assignment.auditItemId,
    address: options.address ?? null,
  });
  const [place, record, notes] = await Promise.all([
    queuePlace(db, userId, audit, assignment.id),
    item.kind === "mcq" && item.cutoffTime
      ? caseRecord(db, item, options.recordDir === undefined ? {} : { dir: options.recordDir })
      : Promise.resolve(null),
    item.kind === "conversation"
      ? db.note.findMany({ where: { patientId: item.patientId }, orderBy: { noteNum: "asc" } })
      : Promise.resolve([]),
  ]);
  return {
    assignmentId: assignment.id,
    audit: { id: audit.id, name: audit.name, status: audit.status, rubric, guidelines: parseGuidelines(audit.guidelines) },
    /** Place in this rater's own review order, the queue's size and the next item to do. */
    position: place?.position ?? assignment.reviewPosition ?? sampleOrder,
    size: place?.size ?? null,
    nextAssignmentId: place?.nextAssignmentId ?? null,
    flagged: assignment.flagged,
    item: {
      id: item.id,
      kind: item.kind,
      externalId: item.externalId,
      chapter: item.chapter,
      level: item.level,
      decisionPoint: item.decisionPoint,
      data: item.data as unknown as Item,
      patientExternalId: item.patient.externalId,
      timeZone: item.dataset.timeZone,
    },
    findings: item.findings.map(findingView),
    /** MCQ items: the record up to the cutoff, compact JSON (lib/review/compact-record.ts). */
    record: record && { json: record.json, etag: record.etag, events: record.events },
    notes: notes.map((n) => ({ id: n.id, note: noteFromRow(n) as Note })),
    ratings: assignment.ratings,
    comment: { comment: assignment.comment, version: assignment.commentVersion },
    corrections: assignment.corrections,
  };
}
export type CasePage = NonNullable<Awaited<ReturnType<typeof loadCasePage>>>;
