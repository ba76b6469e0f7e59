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
}

/**
 * The latent-class part of what the dashboard sends. The estimates say how each rater tends to
 * answer: organizers and admins only, so for a clinician (who sees a closed, shared audit's
 * numbers) they are gone before anything is rendered, and nothing about their interval's
 * computation is asked for. Callers check access to the audit's results first.
 */
export async function dashboardLatentClass(db: Db, user: CurrentUser, auditId: string, report: ShownReport): Promise<DashboardLatentClass> {
  if (!can(user.role, "audits:manage")) {
    return { report: { ...report, dimensions: report.dimensions.map((d) => ({ ...d, latentClass: null })) }, remainingMs: {} };
  }
  const missing = missingIntervals(report);
  const status = missing.length ? await latentIntervalStatus(db, auditId) : [];
  const remainingMs: Record<string, number | null> = {};
  for (const m of missing)
    remainingMs[m.dimension] = status.find((s) => s.dimension === m.dimension && s.inputs === m.inputs)?.remainingMs ?? null;
  return { report, remainingMs };
}
