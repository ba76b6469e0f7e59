import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";

/**
 * Who may see an audit's numbers: organizers and admins always; a clinician only after the
 * audit closed, only if the organizer shared the results, and only for an audit they rated in.
 */
export async function canSeeResults(db: Db, user: CurrentUser, auditId: string): Promise<"yes" | "forbidden" | "not-found"> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, shareResults: true } });
  if (!audit) return "not-found";
  if (can(user.role, "audits:manage")) return "yes";
  if (!can(user.role, "review:rate")) return "forbidden";
  const assigned = await db.assignment.count({ where: { auditId, userId: user.id } });
  if (assigned === 0) return "not-found";
  return audit.status === "CLOSED" && audit.shareResults ? "yes" : "forbidden";
}
