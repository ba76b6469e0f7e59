import "server-only";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

const TRANSITIONS = { open: ["DRAFT", "CLOSED"], close: ["OPEN"] } as const;

/** draft → open → closed; closing locks ratings; re-opening a closed audit is recorded. */
export async function setAuditStatus(db: Db, actorId: string, auditId: string, action: "open" | "close") {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, _count: { select: { items: true } } } });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (!(TRANSITIONS[action] as readonly string[]).includes(audit.status)) {
    throw new AppError("INVALID", { key: action === "open" ? `audits.errors.cannotOpen.${audit.status}` : `audits.errors.cannotClose.${audit.status}` });
  }
  if (action === "open") {
    const assigned = await db.assignment.count({ where: { auditId, active: true } });
    if (assigned === 0) throw new AppError("INVALID", { key: "audits.errors.assignFirst" });
  }
  const status = action === "open" ? "OPEN" : "CLOSED";
  await db.$transaction(async (tx) => {
    await tx.audit.update({
      where: { id: auditId },
      data: action === "open" ? { status, openedAt: new Date(), closedAt: null } : { status, closedAt: new Date() },
    });
    await recordEvent(tx, {
      actorId,
      action: audit.status === "CLOSED" ? "audit.reopen" : `audit.${action}`,
      entity: "Audit",
      entityId: auditId,
      before: { status: audit.status },
      after: { status },
    });
  });
  return status;
}
