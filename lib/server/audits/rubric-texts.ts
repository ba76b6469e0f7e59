import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";
import { rubricTextChanges, sameStructure } from "../../audits/rubric-texts";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import type { rubricTextsSchema } from "../../schemas/audits";

/**
 * Saves new texts (labels, questions, descriptions, English and Chinese) for an audit's rubric.
 * The structure — keys, order, tie and error categories, per-turn asking — must be unchanged, so
 * stored ratings keep their meaning; the trail row lists each changed text before and after.
 */
export async function saveRubricTexts(db: Db, actorId: string, input: z.output<typeof rubricTextsSchema>) {
  return db.$transaction(async (tx) => {
    const audit = await tx.audit.findUnique({ where: { id: input.auditId }, select: { status: true, rubric: true } });
    if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
    if (audit.status === "CLOSED") throw new AppError("LOCKED", { key: "audits.errors.rubricClosed" });
    const stored = parseRubric(audit.rubric);
    if (!sameStructure(stored, input.rubric)) throw new AppError("INVALID", { key: "audits.errors.rubricStructure" });
    if (JSON.stringify(stored) !== JSON.stringify(input.base)) throw new AppError("CONFLICT", { key: "audits.errors.rubricChanged" });
    const changes = rubricTextChanges(stored, input.rubric);
    if (Object.keys(changes.after).length === 0) return { changed: 0 };
    // The status in the WHERE clause: an audit closed meanwhile keeps its texts.
    const { count } = await tx.audit.updateMany({
      where: { id: input.auditId, status: audit.status },
      data: { rubric: input.rubric as object },
    });
    if (count !== 1) throw new AppError("CONFLICT", { key: "audits.errors.statusChanged" });
    await recordEvent(tx, {
      actorId,
      action: "audit.rubric-texts",
      entity: "Audit",
      entityId: input.auditId,
      before: changes.before,
      after: changes.after,
    });
    return { changed: Object.keys(changes.after).length };
  });
}
