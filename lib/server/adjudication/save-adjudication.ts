import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { applyChange, CorrectionError, type AppliedChange } from "../../adjudication/apply";
import { parseRubric } from "../../audits/rubric";
import type { Item } from "../../formats";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

const appliedSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("STEM"), question: z.string().trim().min(1) }),
  z.object({ kind: z.literal("GOLD"), answer: z.string().trim().min(1) }),
  z.object({ kind: z.literal("DISTRACTOR"), label: z.string().trim().min(1), text: z.string().trim().min(1) }),
  z.object({ kind: z.literal("EVIDENCE"), evidenceEventIds: z.array(z.string().trim().min(1)).min(1) }),
  z.object({ kind: z.literal("REMOVE") }),
]);

export const saveAdjudicationSchema = z.object({
  auditId: z.string().min(1),
  auditItemId: z.string().min(1),
  finalLabels: z.record(z.string(), z.string()),
  rationale: z.string().trim().min(1, "Say why, in a sentence").max(20_000),
  decisions: z.array(
    z.object({
      correctionId: z.string().min(1),
      decision: z.enum(["ACCEPTED", "EDITED", "REJECTED"]),
      applied: appliedSchema.nullable(),
      rationale: z.string().trim().min(1, "Give a reason for each decision").max(20_000),
    }),
  ),
});
export type SaveAdjudicationInput = z.output<typeof saveAdjudicationSchema>;

/**
 * Records the final label per dimension and a decision on each proposed correction, in one
 * transaction with its audit-trail rows. Changes are checked against the item (a gold that is
 * not an option, an empty stem…) before anything is written. Re-saving replaces the decisions.
 */
export async function saveAdjudication(db: Db, adjudicatorId: string, input: SaveAdjudicationInput) {
  const row = await db.auditItem.findFirst({
    where: { id: input.auditItemId, auditId: input.auditId },
    select: {
      audit: { select: { rubric: true } },
      item: { select: { data: true, externalId: true } },
      assignments: { where: { active: true }, select: { corrections: { select: { id: true, kind: true } } } },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", "That item is not part of the audit.");
  const rubric = parseRubric(row.audit.rubric);
  for (const d of rubric) {
    const label = input.finalLabels[d.key];
    if (!label || !d.categories.some((c) => c.key === label)) throw new AppError("INVALID", `Choose a final label for “${d.label}”.`);
  }
  const corrections = new Map(row.assignments.flatMap((a) => a.corrections).map((c) => [c.id, c]));
  let item = row.item.data as unknown as Item;
  for (const d of input.decisions) {
    const c = corrections.get(d.correctionId);
    if (!c) throw new AppError("INVALID", "A decision names a correction that is not on this item.");
    if (d.decision === "REJECTED") continue;
    if (!d.applied || d.applied.kind !== c.kind) throw new AppError("INVALID", `Say exactly what the accepted ${c.kind.toLowerCase()} correction changes.`);
    try {
      item = applyChange(item, d.applied as AppliedChange).item;
    } catch (error) {
      if (error instanceof CorrectionError) throw new AppError("INVALID", error.message);
      throw error;
    }
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
      before: existing ? { finalLabels: existing.finalLabels as object, removeItem: existing.removeItem, rationale: existing.rationale } : undefined,
      after: { item: row.item.externalId, finalLabels: input.finalLabels, removeItem, rationale: input.rationale },
    });
    await tx.correctionDecision.deleteMany({ where: { correctionId: { in: [...corrections.keys()] } } });
    for (const d of input.decisions) {
      await tx.correctionDecision.create({
        data: { correctionId: d.correctionId, auditId: input.auditId, adjudicatorId, decision: d.decision, applied: d.decision === "REJECTED" ? undefined : (d.applied as object), rationale: d.rationale },
      });
      await recordEvent(tx, {
        actorId: adjudicatorId,
        action: `correction.${d.decision.toLowerCase()}`,
        entity: "Correction",
        entityId: d.correctionId,
        after: { item: row.item.externalId, decision: d.decision, applied: (d.applied ?? null) as object | null, rationale: d.rationale },
      });
    }
    return saved;
  });
}
