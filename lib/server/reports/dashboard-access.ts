import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";
import { forbiddenError, notFoundError } from "../errors";

/**
 * Who may see an audit's numbers: organizers and admins always; a clinician only after the
 * audit closed, only if the organizer shared the results, and only for an audit they rated in.
 * Resolves when they may; throws not found / forbidden (lib/server/errors.ts) when not.
 */
export async function authorizeResults(db: Db, user: CurrentUser, auditId: string): Promise<void> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, shareResults: true } });
  if (!audit) throw notFoundError();
  if (can(user.role, "audits:manage")) return;
  if (!can(user.role, "review:rate")) throw forbiddenError();
  const assigned = await db.assignment.count({ where: { auditId, userId: user.id } });
  if (assigned === 0) throw notFoundError();
  if (audit.status !== "CLOSED" || !audit.shareResults) throw forbiddenError("results not shared");
}
