import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";
import { forbiddenError, notFoundError } from "../errors";

/** What the caller may do with one item's discussion thread. */
export interface ThreadGrant {
  auditId: string;
  auditItemId: string;
  status: "OPEN" | "CLOSED";
  /** organizer: manages audits; adjudicator: this audit's clinician adjudicator; rater: rated the item. */
  as: "organizer" | "adjudicator" | "rater";
  canPost: boolean;
}

/**
 * Who reads and writes an item's thread. Organizers and admins (audits:manage) read and post
 * while the audit is open or closed; the audit's clinician adjudicator once it is closed (as for
 * adjudication: they may be one of its raters, and blinding holds while it is open). A rater of
 * the item reads the thread once the audit is closed and does not post: the thread is where the
 * adjudication is argued, and a rater's say is their rating, comment and flag, given blind.
 * Anyone else — a rater while the audit is open included — is answered "not found".
 */
export async function authorizeThread(db: Db, user: CurrentUser, auditId: string, auditItemId: string): Promise<ThreadGrant> {
  const row = await db.auditItem.findFirst({
    where: { id: auditItemId, auditId },
    select: { audit: { select: { status: true, adjudicatorId: true } } },
  });
  if (!row) throw notFoundError();
  const { status, adjudicatorId } = row.audit;
  if (can(user.role, "audits:manage")) {
    if (status === "DRAFT") throw forbiddenError("a draft audit has no discussion");
    return { auditId, auditItemId, status, as: "organizer", canPost: true };
  }
  if (status !== "CLOSED") throw notFoundError();
  if (adjudicatorId === user.id) return { auditId, auditItemId, status, as: "adjudicator", canPost: true };
  const rated = await db.assignment.findFirst({ where: { auditItemId, userId: user.id, active: true }, select: { id: true } });
  if (!rated) throw notFoundError();
  return { auditId, auditItemId, status, as: "rater", canPost: false };
}
