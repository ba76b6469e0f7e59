import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";

export type AdjudicationAccess = { ok: true; status: "DRAFT" | "OPEN" | "CLOSED"; organizer: boolean } | { ok: false; reason: "not-found" | "forbidden" };

/**
 * Organizers may adjudicate a closed audit, or items every rater has completed while it is
 * open. A clinician given the adjudicator role for this audit may adjudicate once it is closed
 * (never earlier: they may be one of its raters, and blinding must hold while it is open).
 */
export async function adjudicationAccess(db: Db, user: CurrentUser, auditId: string): Promise<AdjudicationAccess> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, adjudicatorId: true } });
  if (!audit) return { ok: false, reason: "not-found" };
  if (can(user.role, "audits:manage")) return audit.status === "DRAFT" ? { ok: false, reason: "forbidden" } : { ok: true, status: audit.status, organizer: true };
  if (audit.adjudicatorId !== user.id) return { ok: false, reason: "not-found" };
  return audit.status === "CLOSED" ? { ok: true, status: audit.status, organizer: false } : { ok: false, reason: "forbidden" };
}
