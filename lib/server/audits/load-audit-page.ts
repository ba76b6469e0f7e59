import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";
import { calibrationOverview, calibrationSources } from "../calibration/results";
import { forbiddenError, notFoundError } from "../errors";
import { keptProgress } from "../reports/kept-report";
import { activeClinicians, getAudit } from "./queries";
import { sampleComposition } from "./sampling-frame";

/**
 * The audit page (organizers and admins: forbidden otherwise; not found for no such audit): the
 * audit, its progress per rater (kept: keptProgress), the clinicians to assign, the sample's
 * composition, the calibration round and its possible practice items. `backup`: whether the user
 * may download the audit's backup.
 */
export async function loadAuditPage({ db, user }: { db: Db; user: CurrentUser }, auditId: string) {
  if (!can(user.role, "audits:manage")) throw forbiddenError();
  const audit = await getAudit(db, auditId);
  if (!audit) throw notFoundError();
  const [progress, clinicians, composition, calibration, sources] = await Promise.all([
    keptProgress(db, auditId),
    activeClinicians(db),
    sampleComposition(db, audit),
    calibrationOverview(db, auditId),
    calibrationSources(db, auditId, audit.datasetId),
  ]);
  return { audit, progress, clinicians, composition, calibration, sources, backup: can(user.role, "backup:manage") };
}
