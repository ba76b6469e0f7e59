import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { RaterQuality } from "../../reports/rater-quality";
import type { CurrentUser } from "../auth/current-user";
import { forbiddenError, notFoundError } from "../errors";
import { keptReport } from "./kept-report";

/**
 * A rater's own quality (lib/reports/rater-quality.ts) and nobody else's: every dimension's row and
 * the time of the signed-in clinician only, and only once the audit is closed (while it is open a
 * rater's agreement with the others would tell them how the others rated). Not found for an audit
 * they were not assigned to; forbidden for other roles (organizers see every row on the dashboard)
 * and while the audit is not closed. Null when the report has no rater quality.
 */
export async function ownRaterQuality(db: Db, user: CurrentUser, auditId: string): Promise<RaterQuality | null> {
  if (!can(user.role, "review:rate") || can(user.role, "audits:manage")) throw forbiddenError();
  const [audit, assigned] = await Promise.all([
    db.audit.findUnique({ where: { id: auditId }, select: { status: true } }),
    db.assignment.count({ where: { auditId, userId: user.id } }),
  ]);
  if (!audit || assigned === 0) throw notFoundError();
  if (audit.status !== "CLOSED") throw forbiddenError("audit not closed");
  const kept = await keptReport(db, auditId);
  const label = kept?.head.raters.find((r) => r.id === user.id)?.label;
  const quality = kept?.report.raterQuality;
  if (!quality || label === undefined) return null;
  return {
    method: quality.method,
    dimensions: quality.dimensions.map((d) => ({ ...d, raters: d.raters.filter((r) => r.rater === label) })),
    ...(quality.time ? { time: quality.time.filter((t) => t.rater === label) } : {}),
  };
}
