import "server-only";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

/** Gives one active clinician the adjudicator role for an audit (null: organizers only); the trail keeps both sides. */
export async function setAdjudicator(db: Db, actorId: string, auditId: string, userId: string | null) {
  if (userId) {
    const ok = await db.user.count({ where: { id: userId, role: "CLINICIAN", active: true } });
    if (!ok) throw new AppError("INVALID", { key: "audits.errors.adjudicatorClinician" });
  }
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { adjudicatorId: true } });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (audit.adjudicatorId === userId) return;
  await db.$transaction(async (tx) => {
    await tx.audit.update({ where: { id: auditId }, data: { adjudicatorId: userId } });
    await recordEvent(tx, {
      actorId,
      action: "audit.adjudicator",
      entity: "Audit",
      entityId: auditId,
      before: { adjudicatorId: audit.adjudicatorId },
      after: { adjudicatorId: userId },
    });
  });
}
