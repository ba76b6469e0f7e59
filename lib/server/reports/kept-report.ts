import "server-only";
import type { Db } from "../../db/client";
import { computeAuditReport } from "../../reports";
import type { AuditReport, AuditSnapshot } from "../../reports/types";
import { auditProgress } from "../audits/progress";
import { loadAuditSnapshot } from "./audit-snapshot";
import { dashboardVersion } from "./dashboard-version";

export interface KeptReport {
  version: string;
  snapshot: AuditSnapshot;
  report: AuditReport;
}

/** Audits whose figures are kept in this process (a full review's snapshot is ~50,000 ratings). */
const KEPT_AUDITS = 8;

/**
 * Values computed once per audit and version of their inputs (the version stamp, a handful of
 * aggregates) and kept: requests that arrive while one is computed wait for the same computation;
 * a failed computation is not kept, so the next request tries again.
 */
class Kept<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  get(auditId: string, version: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(auditId);
    if (hit?.version === version) return hit.value;
    const value = compute();
    this.entries.delete(auditId);
    this.entries.set(auditId, { version, value });
    if (this.entries.size > KEPT_AUDITS) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.entries.get(auditId)?.value === value && this.entries.delete(auditId));
    return value;
  }
}

const reports = new Kept<KeptReport | null>();
const progress = new Kept<Awaited<ReturnType<typeof auditProgress>>>();

/**
 * The audit's snapshot and report, kept per version: the dashboard, its reloads, every download
 * and the package share one computation instead of reading and recomputing 50,000 ratings per
 * request. Null: no such audit. Callers check access first.
 */
export async function keptReport(db: Db, auditId: string): Promise<KeptReport | null> {
  const version = await dashboardVersion(db, auditId);
  return reports.get(auditId, version, async () => {
    const snapshot = await loadAuditSnapshot(db, auditId);
    return snapshot && { version, snapshot, report: computeAuditReport(snapshot) };
  });
}

/**
 * The audit's progress per rater (auditProgress), kept per the same version: it reads every
 * assignment and counts every rating, which at full review size is most of the audit page's time.
 * The version covers assignments, withdrawals, flags, activity and ratings; a rater's renamed
 * account shows with the next change. `version`: the caller's own reading of it. Callers check access first.
 */
export async function keptProgress(db: Db, auditId: string, version?: string): Promise<Awaited<ReturnType<typeof auditProgress>>> {
  return progress.get(auditId, version ?? (await dashboardVersion(db, auditId)), () => auditProgress(db, auditId));
}
