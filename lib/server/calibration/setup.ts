import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { itemDimensions, rubricTurns } from "../../audits/item-dimensions";
import { parseRubric, type Rubric } from "../../audits/rubric";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import type { addPracticeItemSchema, calibrationRuleSchema, removePracticeItemSchema, startRoundSchema } from "../../schemas/calibration";

/** The most practice items one audit takes: a calibration set is a handful of cases, not a sample. */
export const MAX_PRACTICE_ITEMS = 30;

async function auditFor(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { id: true, status: true, datasetId: true, rubric: true } });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (audit.status === "CLOSED") throw new AppError("LOCKED", { key: "calibration.errors.closed" });
  return { ...audit, rubric: parseRubric(audit.rubric) };
}

/** Practice items and keys are fixed once a round has started: every round asks the same thing. */
async function assertNoRound(db: Db, auditId: string) {
  if ((await db.calibrationRound.count({ where: { auditId } })) > 0) throw new AppError("LOCKED", { key: "calibration.errors.started" });
}

/**
 * The key for one item: a category for every question the item asks (per-turn dimensions once per
 * turn), nothing else. A missing or unknown one is refused naming the question.
 */
export function checkKey(rubric: Rubric, itemData: unknown, key: Record<string, string>): Record<string, string> {
  const questions = itemDimensions(rubric, rubricTurns(itemData));
  for (const k of Object.keys(key)) {
    if (!questions.some((q) => q.ratingKey === k))
      throw new AppError("INVALID", { key: "calibration.errors.unknownQuestion", values: { question: k } }, undefined, {
        field: `key.${k}`,
      });
  }
  const checked: Record<string, string> = {};
  for (const q of questions) {
    const value = key[q.ratingKey];
    if (!value || !q.dimension.categories.some((c) => c.key === value))
      throw new AppError("INVALID", { key: "calibration.errors.keyMissing", values: { question: q.ratingKey } }, undefined, {
        field: `key.${q.ratingKey}`,
      });
    checked[q.ratingKey] = value;
  }
  return checked;
}

/**
 * Adds one practice item: a dataset item that is not in the audit's sample, with its key (typed
 * in, or the final labels an earlier audit's adjudication gave the same item) and rationale.
 */
export async function addPracticeItem(db: Db, actorId: string, input: z.output<typeof addPracticeItemSchema>) {
  const audit = await auditFor(db, input.auditId);
  await assertNoRound(db, audit.id);
  const item = await db.item.findUnique({
    where: { datasetId_externalId: { datasetId: audit.datasetId, externalId: input.externalId } },
    select: { id: true, data: true, externalId: true },
  });
  const field = { field: "externalId" };
  if (!item) throw new AppError("INVALID", { key: "calibration.errors.noSuchItem", values: { id: input.externalId } }, undefined, field);
  if (await db.auditItem.findUnique({ where: { auditId_itemId: { auditId: audit.id, itemId: item.id } }, select: { id: true } }))
    throw new AppError("INVALID", { key: "calibration.errors.inSample", values: { id: item.externalId } }, undefined, field);
  let typed = input.key;
  if (!typed) {
    const source = input.keyFromAuditId
      ? await db.adjudication.findFirst({
          where: { auditId: input.keyFromAuditId, auditItem: { itemId: item.id } },
          select: { finalLabels: true, rationale: true },
        })
      : null;
    if (!source)
      throw new AppError("INVALID", { key: "calibration.errors.noAdjudication", values: { id: item.externalId } }, undefined, field);
    typed = source.finalLabels as Record<string, string>;
  }
  const key = checkKey(audit.rubric, item.data, typed);
  return db.$transaction(async (tx) => {
    const existing = await tx.calibrationItem.findMany({ where: { auditId: audit.id }, select: { itemId: true, position: true } });
    if (existing.some((e) => e.itemId === item.id))
      throw new AppError("INVALID", { key: "calibration.errors.duplicate", values: { id: item.externalId } }, undefined, field);
    if (existing.length >= MAX_PRACTICE_ITEMS)
      throw new AppError("INVALID", { key: "calibration.errors.tooMany", values: { max: MAX_PRACTICE_ITEMS } });
    const position = Math.max(0, ...existing.map((e) => e.position)) + 1;
    const row = await tx.calibrationItem.create({
      data: { auditId: audit.id, itemId: item.id, position, key, rationale: input.rationale },
    });
    await recordEvent(tx, {
      actorId,
      action: "audit.calibration-item",
      entity: "Audit",
      entityId: audit.id,
      after: { item: item.externalId, key, rationale: input.rationale },
    });
    return { id: row.id };
  });
}

export async function removePracticeItem(db: Db, actorId: string, input: z.output<typeof removePracticeItemSchema>) {
  const audit = await auditFor(db, input.auditId);
  await assertNoRound(db, audit.id);
  await db.$transaction(async (tx) => {
    const row = await tx.calibrationItem.findFirst({
      where: { id: input.calibrationItemId, auditId: audit.id },
      select: { id: true, key: true, item: { select: { externalId: true } } },
    });
    if (!row) throw new AppError("NOT_FOUND", { key: "common.errors.notFound" });
    await tx.calibrationItem.delete({ where: { id: row.id } });
    await recordEvent(tx, {
      actorId,
      action: "audit.calibration-item-remove",
      entity: "Audit",
      entityId: audit.id,
      before: { item: row.item.externalId, key: row.key as Record<string, string> },
    });
  });
}

/** The pass rule and the gate; they apply to every round, finished ones too (re-judged on the spot). */
export async function setCalibrationRule(db: Db, actorId: string, input: z.output<typeof calibrationRuleSchema>) {
  const audit = await auditFor(db, input.auditId);
  await db.$transaction(async (tx) => {
    const before = await tx.audit.findUniqueOrThrow({
      where: { id: audit.id },
      select: { calibrationPassPercent: true, calibrationGate: true },
    });
    await tx.audit.update({ where: { id: audit.id }, data: { calibrationPassPercent: input.passPercent, calibrationGate: input.gate } });
    await recordEvent(tx, {
      actorId,
      action: "audit.calibration-rule",
      entity: "Audit",
      entityId: audit.id,
      before: { passPercent: before.calibrationPassPercent, gate: before.calibrationGate },
      after: { passPercent: input.passPercent, gate: input.gate },
    });
  });
}

/**
 * Starts a calibration round: the first for every rater, a later one (re-calibration) for all or
 * some. Their queue waits until they finish it; their ratings so far stay as they are.
 */
export async function startCalibrationRound(db: Db, actorId: string, input: z.output<typeof startRoundSchema>) {
  const audit = await auditFor(db, input.auditId);
  if ((await db.calibrationItem.count({ where: { auditId: audit.id } })) === 0)
    throw new AppError("INVALID", { key: "calibration.errors.noItems" });
  const raterIds = input.raterIds && [...new Set(input.raterIds)];
  if (raterIds) {
    const raters = await db.assignment.groupBy({ by: ["userId"], where: { auditId: audit.id, active: true, userId: { in: raterIds } } });
    if (raters.length !== raterIds.length)
      throw new AppError("INVALID", { key: "calibration.errors.notRater" }, undefined, { field: "raterIds" });
  }
  return db.$transaction(async (tx) => {
    const last = await tx.calibrationRound.findFirst({
      where: { auditId: audit.id },
      orderBy: { number: "desc" },
      select: { number: true },
    });
    const number = (last?.number ?? 0) + 1;
    const round = await tx.calibrationRound.create({
      data: { auditId: audit.id, number, startedById: actorId, ...(raterIds ? { raterIds } : {}) },
    });
    await recordEvent(tx, {
      actorId,
      action: "audit.calibration-round",
      entity: "Audit",
      entityId: audit.id,
      after: { round: number, raterIds: raterIds ?? "all" },
    });
    return { id: round.id, number };
  });
}
