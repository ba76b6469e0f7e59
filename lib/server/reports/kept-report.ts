import "server-only";
import type { Db } from "../../db/client";
import { computeAuditReport } from "../../reports";
import type { AuditReport, AuditSnapshot } from "../../reports/types";
import { loadAuditSnapshot } from "./audit-snapshot";
import { dashboardVersion } from "./dashboard-version";

export interface KeptReport {
  version: string;
  snapshot: AuditSnapshot;
  report: AuditReport;
}

/** Audits whose report is kept in this process (a full review's snapshot is ~50,000 ratings). */
const KEPT_AUDITS = 8;
const kept = new Map<string, { version: string; value: Promise<KeptReport | null> }>();

/**
 * The audit's snapshot and report, computed once per change of their inputs (the version stamp,
 * a handful of aggregates) and kept: the dashboard, its reloads, every download and the package
 * share one computation instead of reading and recomputing 50,000 ratings per request. Requests
 * that arrive while it is computed wait for the same computation. Null: no such audit. Callers
 * check access first.
 */
export async function keptReport(db: Db, auditId: string): Promise<KeptReport | null> {
  const version = await dashboardVersion(db, auditId);
  const hit = kept.get(auditId);
  if (hit?.version === version) return hit.value;
  const value = (async () => {
    const snapshot = await loadAuditSnapshot(db, auditId);
    return snapshot && { version, snapshot, report: computeAuditReport(snapshot) };
  })();
  kept.delete(auditId);
  kept.set(auditId, { version, value });
  if (kept.size > KEPT_AUDITS) kept.delete(kept.keys().next().value!);
  // A failed computation is not kept: the next request tries again.
  value.catch(() => kept.get(auditId)?.value === value && kept.delete(auditId));
  return value;
}
