import "server-only";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

const TRANSITIONS = { open: ["DRAFT", "CLOSED"], close: ["OPEN"] } as const;

/** draft → open → closed; closing locks ratings; re-opening a closed audit is recorded. */
export async function setAuditStatus(db: Db, actorId: string, auditId: string, action: "open" | "close") {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, _count: { select: { items: true } } } });
  if (!audit) throw new AppError("NOT_FOUND", "That audit does not exist.");
  if (!(TRANSITIONS[action] as readonly string[]).includes(audit.status)) {
    throw new AppError("INVALID", `An audit that is ${audit.status.toLowerCase()} cannot be ${action === "open" ? "opened" : "closed"}.`);
  }
  if (action === "open") {
    const assigned = await db.assignment.count({ where: { auditId, active: true } });
    if (assigned === 0) throw new AppError("INVALID", "Assign clinicians before opening the audit.");
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
