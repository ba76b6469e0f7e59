import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";
import type { Labels } from "../../calibration/score";
import type { Note } from "../../formats";
import { recordAccess } from "../access-log/log";
import { recordEvent } from "../audit-trail";
import { noteFromRow } from "../datasets/rows";
import { AppError } from "../errors";
import { CASE_ITEM_SELECT, caseItemView } from "../review/case-page";
import { caseRecord } from "../review/record-cache";
import { raterGate } from "./gate";
import { checkKey } from "./setup";
import type { savePracticeSchema } from "../../schemas/calibration";

/** The rater's own active assignment in this open audit, or 404: practice belongs to its raters. */
async function assertRater(db: Db, userId: string, auditId: string) {
  const a = await db.assignment.findFirst({
    where: { userId, auditId, active: true, auditItem: { audit: { status: "OPEN" } } },
    select: { id: true },
  });
  if (!a) throw new AppError("NOT_FOUND", { key: "review.errors.notFound" });
}

/**
 * One practice item of the rater's current (or latest) round, as the case screen shows it: the
 * item, its record up to the cutoff, and — only once the rater has answered it — their answer with
 * the key and rationale. `position` (1-based) picks an answered item or the next one; otherwise the
 * first unanswered; with the round over and no `position`, only the state (item null). Null when
 * no round asks this rater anything.
 */
export async function loadPractice(db: Db, userId: string, auditId: string, position?: number) {
  await assertRater(db, userId, auditId);
  const state = await raterGate(db, userId, auditId);
  if (state.kind === "none") return null;
  const [audit, items, answers] = await Promise.all([
    db.audit.findUniqueOrThrow({ where: { id: auditId }, select: { name: true, rubric: true, calibrationPassPercent: true } }),
    db.calibrationItem.findMany({ where: { auditId }, orderBy: { position: "asc" }, select: { id: true, itemId: true } }),
    db.calibrationRating.findMany({ where: { roundId: state.roundId, userId }, select: { calibrationItemId: true } }),
  ]);
  const answered = new Set(answers.map((a) => a.calibrationItemId));
  const summary = {
    audit: { id: auditId, name: audit.name, rubric: parseRubric(audit.rubric), passPercent: audit.calibrationPassPercent },
    state,
    total: items.length,
    done: answered.size,
  };
  // The round is over and no item was asked for: the result, without reading any record.
  if (state.kind !== "practice" && position === undefined) return { ...summary, item: null };
  const firstOpen = items.findIndex((i) => !answered.has(i.id));
  const wanted = position !== undefined && position >= 1 && position <= items.length ? position - 1 : firstOpen === -1 ? 0 : firstOpen;
  // Not past the first unanswered item: practice goes in order.
  const index = firstOpen !== -1 && wanted > firstOpen ? firstOpen : wanted;
  const chosen = items[index]!;
  const row = await db.calibrationItem.findUniqueOrThrow({
    where: { id: chosen.id },
    select: {
      id: true,
      key: true,
      rationale: true,
      ratings: { where: { roundId: state.roundId, userId }, select: { labels: true } },
      item: { select: CASE_ITEM_SELECT },
    },
  });
  const { item } = row;
  recordAccess(db, {
    userId,
    action: "case.view",
    patient: item.patient.externalId,
    itemExternalId: item.externalId,
    datasetId: item.datasetId,
    auditId,
    itemId: item.id,
    address: null,
  });
  const [record, notes] = await Promise.all([
    item.kind === "mcq" && item.cutoffTime ? caseRecord(db, item) : Promise.resolve(null),
    item.kind === "conversation"
      ? db.note.findMany({ where: { patientId: item.patientId }, orderBy: { noteNum: "asc" } })
      : Promise.resolve([]),
  ]);
  const mine = row.ratings[0];
  return {
    ...summary,
    calibrationItemId: row.id,
    position: index + 1,
    item: caseItemView(item),
    record: record && { json: record.json, etag: record.etag },
    notes: notes.map((n) => ({ id: n.id, note: noteFromRow(n) as Note })),
    /** The key and rationale travel only with the rater's own answer to this item. */
    answer: mine ? { labels: mine.labels as Labels, key: row.key as Labels, rationale: row.rationale } : null,
  };
}
export type PracticePage = NonNullable<Awaited<ReturnType<typeof loadPractice>>>;

/**
 * Saves the rater's answer to one practice item of their open round (once: the key is shown after
 * it) and answers with the key and rationale. The same answer again is answered the same way;
 * another one is a conflict.
 */
export async function savePractice(db: Db, userId: string, input: z.output<typeof savePracticeSchema>) {
  await assertRater(db, userId, input.auditId);
  const state = await raterGate(db, userId, input.auditId);
  if (state.kind !== "practice") throw new AppError("LOCKED", { key: "calibration.errors.notPracticing" });
  const [audit, practice] = await Promise.all([
    db.audit.findUniqueOrThrow({ where: { id: input.auditId }, select: { rubric: true } }),
    db.calibrationItem.findFirst({
      where: { id: input.calibrationItemId, auditId: input.auditId },
      select: { id: true, key: true, rationale: true, item: { select: { data: true, externalId: true } } },
    }),
  ]);
  if (!practice) throw new AppError("NOT_FOUND", { key: "review.errors.notFound" });
  const labels = checkKey(parseRubric(audit.rubric), practice.item.data, input.labels);
  const reply = { labels, key: practice.key as Labels, rationale: practice.rationale };
  const where = { roundId_userId_calibrationItemId: { roundId: state.roundId, userId, calibrationItemId: practice.id } };
  const stored = await db.calibrationRating.findUnique({ where, select: { labels: true } });
  if (stored) {
    if (JSON.stringify(stored.labels) === JSON.stringify(labels)) return reply;
    throw new AppError("CONFLICT", { key: "calibration.errors.answered" });
  }
  await db.$transaction(async (tx) => {
    await tx.calibrationRating.create({
      data: { roundId: state.roundId, userId, calibrationItemId: practice.id, labels, activeMs: input.activeMs },
    });
    await recordEvent(tx, {
      actorId: userId,
      action: "calibration.practice",
      entity: "Audit",
      entityId: input.auditId,
      after: { round: state.round, item: practice.item.externalId, labels },
    });
  });
  return reply;
}
