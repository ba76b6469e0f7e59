import "server-only";
import type { Db } from "../../db/client";
import { APPLY_ORDER, applyChange, CorrectionError, missingNoteRefs, type AppliedChange } from "../../adjudication/apply";
import { itemDimensions, rubricTurns } from "../../audits/item-dimensions";
import { parseRubric } from "../../audits/rubric";
import { finalLabelProblem } from "../../adjudication/final-labels";
import type { Item } from "../../formats";
import { recordEvent } from "../audit-trail";
import { AppError, catalogMessage } from "../errors";
import type { SaveAdjudicationInput } from "../../schemas/adjudication";
import { eventFromRow } from "../datasets/rows";

/** The kinds a correction is stored with (a string column). */
type Kind = "STEM" | "GOLD" | "DISTRACTOR" | "EVIDENCE" | "REMOVE_TURN" | "REMOVE";

/**
 * Records the final labels (one per dimension, per turn on per-turn dimensions: "gold@t3", the
 * ratings' keys, which the dashboard and exports read) and a decision on each proposed correction, in one
 * transaction with its audit-trail rows. Changes are checked against the item (a gold that is
 * not an option, an empty stem…) before anything is written. Re-saving replaces the decisions.
 */
/** The patient's record and the dataset's zone, for checking an evidence change. */
async function patientRecord(db: Db, patientId: string) {
  const patient = await db.patient.findUniqueOrThrow({
    where: { id: patientId },
    select: {
      dataset: { select: { timeZone: true } },
      events: {
        orderBy: { position: "asc" },
        select: { eventId: true, gaDays: true, visitId: true, type: true, name: true, text: true, data: true },
      },
    },
  });
  return { events: patient.events.map(eventFromRow), timeZone: patient.dataset.timeZone };
}

export async function saveAdjudication(db: Db, adjudicatorId: string, input: SaveAdjudicationInput) {
  const row = await db.auditItem.findFirst({
    where: { id: input.auditItemId, auditId: input.auditId },
    select: {
      audit: { select: { rubric: true, status: true } },
      item: { select: { data: true, externalId: true, patientId: true } },
      assignments: {
        where: { active: true },
        select: {
          corrections: { select: { id: true, kind: true, turnOrder: true } },
          ratings: { where: { category: { not: null } }, select: { dimension: true } },
        },
      },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", { key: "adjudication.errors.notInAudit" });
  const rubric = parseRubric(row.audit.rubric);
  const turns = rubricTurns(row.item.data);
  // While the audit is open, only items every rater has finished (every turn of a per-turn dimension) may be adjudicated.
  const asked = itemDimensions(rubric, turns).length;
  if (row.audit.status === "OPEN" && !row.assignments.every((a) => new Set(a.ratings.map((r) => r.dimension)).size >= asked)) {
    throw new AppError("LOCKED", { key: "adjudication.errors.ratersMustFinish" });
  }
  // One label per question the raters answered (per turn on per-turn dimensions), nothing else:
  // anything else would be stored and exported as a label. The field error names the key.
  const problem = finalLabelProblem(rubric, turns, input.finalLabels);
  if (problem) throw new AppError("INVALID", { key: problem.key, values: problem.values }, undefined, { field: problem.field });
  const corrections = new Map(row.assignments.flatMap((a) => a.corrections).map((c) => [c.id, c]));
  const original = row.item.data as unknown as Item;
  // An accepted evidence change is checked against the patient's record, as the export applies it.
  const evidence =
    original.kind === "mcq" && input.decisions.some((d) => d.decision !== "REJECTED" && d.applied?.kind === "EVIDENCE")
      ? await patientRecord(db, row.item.patientId)
      : undefined;
  let item = original;
  /** The change each accepted decision applies, as stored (with the correction's turn). */
  const applied = new Map<string, AppliedChange>();
  for (const d of input.decisions)
    if (!corrections.has(d.correctionId)) throw new AppError("INVALID", { key: "adjudication.errors.unknownCorrection" });
  // Checked in the order the corrected export applies them.
  const rank = (id: string) => [APPLY_ORDER.indexOf(corrections.get(id)!.kind), corrections.get(id)!.turnOrder] as const;
  const ordered = [...input.decisions].sort(
    (a, b) => rank(a.correctionId)[0] - rank(b.correctionId)[0] || rank(a.correctionId)[1] - rank(b.correctionId)[1],
  );
  for (const d of ordered) {
    const c = corrections.get(d.correctionId)!;
    if (d.decision === "REJECTED") continue;
    if (!d.applied || d.applied.kind !== c.kind) throw new AppError("INVALID", { key: `adjudication.errors.sayChange.${c.kind as Kind}` });
    // The turn is the one the rater named (whatever the form sent); the applied JSON keeps it for the export.
    const { turnOrder: _sent, ...change } = d.applied as typeof d.applied & { turnOrder?: number };
    const onTurn = original.kind === "conversation" && c.kind !== "REMOVE";
    applied.set(d.correctionId, (onTurn ? { ...change, turnOrder: c.turnOrder } : change) as AppliedChange);
    try {
      item = applyChange(item, applied.get(d.correctionId)!, evidence).item;
    } catch (error) {
      // What does not fit, by its code: the adjudicator is on the item, so its key is not repeated.
      if (error instanceof CorrectionError) throw new AppError("INVALID", catalogMessage(error.said));
      throw error;
    }
  }
  if (item !== original && item.kind === "conversation") {
    // A corrected source option must still cite the patient's notes, or the export would not re-import.
    const notes = await db.note.findMany({ where: { patientId: row.item.patientId }, select: { noteNum: true, chartdate: true } });
    const problems = missingNoteRefs(item, new Map(notes.map((n) => [n.noteNum, n.chartdate])));
    if (problems[0]) throw new AppError("INVALID", catalogMessage(problems[0]));
  }
  const removeItem = input.decisions.some((d) => d.decision !== "REJECTED" && d.applied?.kind === "REMOVE");
  return db.$transaction(async (tx) => {
    const existing = await tx.adjudication.findUnique({ where: { auditItemId: input.auditItemId } });
    const data = { finalLabels: input.finalLabels, rationale: input.rationale, removeItem, adjudicatorId };
    const saved = existing
      ? await tx.adjudication.update({ where: { auditItemId: input.auditItemId }, data })
      : await tx.adjudication.create({ data: { ...data, auditItemId: input.auditItemId, auditId: input.auditId } });
    await recordEvent(tx, {
      actorId: adjudicatorId,
      action: existing ? "adjudication.update" : "adjudication.create",
      entity: "AuditItem",
      entityId: input.auditItemId,
      before: existing
        ? { finalLabels: existing.finalLabels as object, removeItem: existing.removeItem, rationale: existing.rationale }
        : undefined,
      after: { item: row.item.externalId, finalLabels: input.finalLabels, removeItem, rationale: input.rationale },
    });
    // Re-saving replaces the decisions: each trail row says what it replaced.
    const previous = new Map(
      (
        await tx.correctionDecision.findMany({
          where: { correctionId: { in: [...corrections.keys()] } },
          select: { correctionId: true, decision: true, applied: true, rationale: true },
        })
      ).map((p) => [p.correctionId, p]),
    );
    await tx.correctionDecision.deleteMany({ where: { correctionId: { in: [...corrections.keys()] } } });
    for (const d of input.decisions) {
      await tx.correctionDecision.create({
        data: {
          correctionId: d.correctionId,
          auditId: input.auditId,
          adjudicatorId,
          decision: d.decision,
          applied: applied.get(d.correctionId) as object | undefined,
          rationale: d.rationale,
        },
      });
      await recordEvent(tx, {
        actorId: adjudicatorId,
        action: `correction.${d.decision.toLowerCase()}`,
        entity: "Correction",
        entityId: d.correctionId,
        ...(previous.has(d.correctionId)
          ? {
              before: {
                item: row.item.externalId,
                decision: previous.get(d.correctionId)!.decision,
                applied: (previous.get(d.correctionId)!.applied ?? null) as object | null,
                rationale: previous.get(d.correctionId)!.rationale,
              },
            }
          : {}),
        after: {
          item: row.item.externalId,
          decision: d.decision,
          applied: (applied.get(d.correctionId) ?? null) as object | null,
          rationale: d.rationale,
        },
      });
    }
    return saved;
  });
}
