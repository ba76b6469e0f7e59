import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";

/**
 * A fingerprint of everything an audit's report is computed from, read in two primary-key
 * lookups whatever the audit's size: the audit row's reported fields, and its change counter
 * (AuditStamp, which database triggers advance on every insert, update or delete of the audit's
 * assignments and ratings: saves, flags, comments, corrections' activity stamps, active time,
 * withdrawals). The live dashboard re-renders only when it changes, and the kept report
 * (kept-report.ts) is recomputed only then. Call only after the caller's access to the audit's
 * results was checked.
 */
export async function dashboardVersion(db: Db, auditId: string): Promise<string> {
  const [audit, stamp] = await Promise.all([
    db.audit.findUnique({
      where: { id: auditId },
      select: {
        name: true,
        status: true,
        shareResults: true,
        sampleSize: true,
        populationSize: true,
        sampling: true,
        raterOrder: true,
        rubric: true,
        // A guideline save is marked on the agreement-over-time timeline.
        guidelines: true,
      },
    }),
    db.auditStamp.findUnique({ where: { auditId }, select: { changes: true } }),
  ]);
  const fields = audit ? createHash("sha256").update(JSON.stringify(audit)).digest("hex").slice(0, 12) : "gone";
  return [audit?.status ?? "gone", fields, stamp?.changes ?? "none"].join(":");
}
