import "server-only";
import type { Db } from "../../db/client";

/**
 * A fingerprint of everything the dashboard's figures are computed from, cheap enough to ask
 * for every few seconds: the audit's status and sharing, its assignments and flags, and the count, version
 * sum and latest change of its ratings. The live dashboard re-renders only when it changes.
 * Call only after the caller's access to the audit's results was checked.
 */
export async function dashboardVersion(db: Db, auditId: string): Promise<string> {
  const [audit, assignments, flagged, ratings] = await Promise.all([
    db.audit.findUnique({ where: { id: auditId }, select: { status: true, shareResults: true } }),
    db.assignment.count({ where: { auditId } }),
    db.assignment.count({ where: { auditId, flagged: true } }),
    db.rating.aggregate({ where: { assignment: { auditId } }, _count: { _all: true }, _sum: { version: true }, _max: { updatedAt: true } }),
  ]);
  return [
    audit?.status ?? "gone",
    audit?.shareResults ? 1 : 0,
    assignments,
    flagged,
    ratings._count._all,
    ratings._sum.version ?? 0,
    ratings._max.updatedAt?.getTime() ?? 0,
  ].join(":");
}
