import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";
import { forbiddenError, notFoundError } from "../errors";

/** What adjudicating an audit grants: its status, and whether the caller organizes it. */
export interface AdjudicationGrant {
  status: "OPEN" | "CLOSED";
  organizer: boolean;
}

/**
 * Organizers may adjudicate a closed audit, or items every rater has completed while it is
 * open. A clinician given the adjudicator role for this audit may adjudicate once it is closed
 * (never earlier: they may be one of its raters, and blinding must hold while it is open).
 * Access checks share one convention: the grant, or an AppError (not found / forbidden) that
 * every guard maps — an action to its message, a route to 404/403, a page to its page.
 */
export async function authorizeAdjudication(db: Db, user: CurrentUser, auditId: string): Promise<AdjudicationGrant> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, adjudicatorId: true } });
  if (!audit) throw notFoundError();
  if (can(user.role, "audits:manage")) {
    if (audit.status === "DRAFT") throw forbiddenError("a draft audit has nothing to adjudicate");
    return { status: audit.status, organizer: true };
  }
  // Not this clinician's audit to adjudicate: indistinguishable from one that does not exist.
  if (audit.adjudicatorId !== user.id) throw notFoundError();
  if (audit.status !== "CLOSED") throw forbiddenError("a clinician adjudicates only a closed audit");
  return { status: audit.status, organizer: false };
}

/** The closed audits this clinician was made adjudicator of (their review queue links them). */
export function auditsToAdjudicate(db: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return db.audit.findMany({ where: { adjudicatorId: userId, status: "CLOSED" }, select: { id: true, name: true } });
}
