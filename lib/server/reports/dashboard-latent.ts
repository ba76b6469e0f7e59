import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { ShownReport } from "../../reports/types";
import type { CurrentUser } from "../auth/current-user";
import { latentIntervalStatus, missingIntervals } from "./latent-interval/client";

export interface DashboardLatentClass {
  /** The report as the user may see it: without latent-class estimates unless organizer or admin. */
  report: ShownReport;
  /** Per dimension whose interval is being computed: the time left (ms), null while not yet measured. */
  remainingMs: Record<string, number | null>;
  /** The dimensions whose interval waits for the ratings to be still before it starts. */
  waiting: string[];
}

/**
 * The latent-class part of what the dashboard sends. The estimates say how each rater tends to
 * answer: organizers and admins only, so for a clinician (who sees a closed, shared audit's
 * numbers) they are gone before anything is rendered, and nothing about their interval's
 * computation is asked for. Callers check access to the audit's results first.
 */
export function dashboardLatentClass(db: Db, user: CurrentUser, auditId: string, report: ShownReport): DashboardLatentClass {
  if (!can(user.role, "audits:manage")) {
    return { report: { ...report, dimensions: report.dimensions.map((d) => ({ ...d, latentClass: null })) }, remainingMs: {}, waiting: [] };
  }
  const missing = missingIntervals(report);
  const status = missing.length ? latentIntervalStatus(db, auditId) : [];
  const remainingMs: Record<string, number | null> = {};
  const waiting: string[] = [];
  for (const m of missing) {
    const progress = status.find((s) => s.dimension === m.dimension && s.inputs === m.inputs);
    remainingMs[m.dimension] = progress?.remainingMs ?? null;
    if (progress && progress.quietInMs > 0) waiting.push(m.dimension);
  }
  return { report, remainingMs, waiting };
}
