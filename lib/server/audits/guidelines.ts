import "server-only";
import type { Db } from "../../db/client";
import { parseGuidelines, type Guidelines } from "../../audits/guidelines";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

/** The organizer sets or clears an audit's guidelines, with before/after in the trail. */
export async function saveGuidelines(db: Db, actorId: string, auditId: string, input: Guidelines) {
  const value: Guidelines = { en: input.en.trim(), ...(input["zh-CN"]?.trim() ? { "zh-CN": input["zh-CN"].trim() } : {}) };
  const empty = !value.en && !value["zh-CN"];
  // Cleared guidelines are stored as an empty English text (read back as none), not as JSON
  // null, which the two providers' clients spell differently.
  await db.$transaction(async (tx) => {
    const audit = await tx.audit.findUnique({ where: { id: auditId }, select: { guidelines: true } });
    if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
    await tx.audit.update({ where: { id: auditId }, data: { guidelines: value } });
    await recordEvent(tx, {
      actorId,
      action: "audit.guidelines",
      entity: "Audit",
      entityId: auditId,
      before: parseGuidelines(audit.guidelines) ?? undefined,
      after: empty ? undefined : value,
    });
  });
}

/**
 * The guidelines of an audit for one of its raters: null unless the user has an assignment in
 * it (a reviewer sees the guidelines of the audits they review, nothing else).
 */
export async function guidelinesForRater(db: Db, userId: string, auditId: string): Promise<Guidelines | null> {
  const audit = await db.audit.findFirst({
    where: { id: auditId, items: { some: { assignments: { some: { userId } } } } },
    select: { guidelines: true },
  });
  return audit ? parseGuidelines(audit.guidelines) : null;
}

export async function auditGuidelines(db: Db, auditId: string): Promise<Guidelines | null> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { guidelines: true } });
  return audit ? parseGuidelines(audit.guidelines) : null;
}
