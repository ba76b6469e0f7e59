import "server-only";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

const TRANSITIONS = { open: ["DRAFT", "CLOSED"], close: ["OPEN"] } as const;

/**
 * draft → open → closed; closing locks ratings; re-opening a closed audit is recorded. A closed
 * audit whose results a clinician can see (shared results, or a clinician adjudicator, who sees
 * every rater's ratings) is not reopened: a rater would change their own ratings with the others
 * in view. Access is withdrawn first (withdrawResultsAccess), then the audit can reopen.
 */
export async function setAuditStatus(db: Db, actorId: string, auditId: string, action: "open" | "close") {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, shareResults: true, adjudicatorId: true } });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (!(TRANSITIONS[action] as readonly string[]).includes(audit.status)) {
    throw new AppError("INVALID", {
      key: action === "open" ? `audits.errors.cannotOpen.${audit.status}` : `audits.errors.cannotClose.${audit.status}`,
    });
  }
  if (action === "open" && audit.status === "CLOSED" && (audit.shareResults || audit.adjudicatorId)) {
    throw new AppError("INVALID", { key: "audits.errors.reopenShared" });
  }
  if (action === "open") {
    const assigned = await db.assignment.count({ where: { auditId, active: true } });
    if (assigned === 0) throw new AppError("INVALID", { key: "audits.errors.assignFirst" });
  }
  const status = action === "open" ? "OPEN" : "CLOSED";
  await db.$transaction(async (tx) => {
    // The status in the WHERE clause: two organizers pressing at once make one transition, not two.
    const { count } = await tx.audit.updateMany({
      where: {
        id: auditId,
        status: audit.status,
        ...(action === "open" && audit.status === "CLOSED" ? { shareResults: false, adjudicatorId: null } : {}),
      },
      data: action === "open" ? { status, openedAt: new Date(), closedAt: null } : { status, closedAt: new Date() },
    });
    if (count !== 1) throw new AppError("CONFLICT", { key: "audits.errors.statusChanged" });
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

/** Lets the audit's clinicians see the results (a closed audit only), or withdraws that. */
export async function setShareResults(db: Db, actorId: string, auditId: string, share: boolean) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, shareResults: true } });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (share && audit.status !== "CLOSED") throw new AppError("INVALID", { key: "audits.errors.shareClosedOnly" });
  if (audit.shareResults === share) return;
  await db.$transaction(async (tx) => {
    await tx.audit.update({ where: { id: auditId }, data: { shareResults: share } });
    await recordEvent(tx, {
      actorId,
      action: "audit.share-results",
      entity: "Audit",
      entityId: auditId,
      before: { share: audit.shareResults },
      after: { share },
    });
  });
}

/**
 * Withdraws every clinician's view of the results of a closed audit: sharing off, and the clinician
 * adjudicator (who sees all raters' ratings) removed. One trail row says what was withdrawn.
 */
export async function withdrawResultsAccess(db: Db, actorId: string, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { shareResults: true, adjudicatorId: true } });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (!audit.shareResults && !audit.adjudicatorId) return;
  await db.$transaction(async (tx) => {
    await tx.audit.update({ where: { id: auditId }, data: { shareResults: false, adjudicatorId: null } });
    await recordEvent(tx, {
      actorId,
      action: "audit.withdraw-results-access",
      entity: "Audit",
      entityId: auditId,
      before: { shareResults: audit.shareResults, adjudicatorId: audit.adjudicatorId },
      after: { shareResults: false, adjudicatorId: null },
    });
  });
}
