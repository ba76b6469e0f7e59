import "server-only";
import type { Db } from "../../db/client";
import { type AdjudicatedOutcome, adjudicatedOutcome } from "../../adjudication/outcome";
import { can } from "../../auth/permissions";
import type { Rubric } from "../../audits/rubric";
import type { CommentRow } from "../../reports/comments";
import type { RaterQuality } from "../../reports/rater-quality";
import type { AgreementOverTime } from "../../reports/over-time";
import type { ShownReport } from "../../reports/types";
import { loadAdjudications } from "../adjudication/records";
import { acceptedRevisions } from "../adjudication/revisions";
import { auditRubric } from "../audits/queries";
import type { CurrentUser } from "../auth/current-user";
import { keptAuditComments } from "./audit-comments";
import { authorizeResults } from "./dashboard-access";
import { dashboardLatentClass, type DashboardLatentClass } from "./dashboard-latent";
import { auditParagraph, exportCatalog, type ExportFile } from "./export-files";
import { dashboardReport, keptProgress, STALE_AFTER_MS } from "./kept-report";

/**
 * The dashboard as this user may see it. Organizers and admins: everything. A clinician (only
 * once the audit is closed and its results shared, and only for an audit they rated in:
 * authorizeResults) gets the shared numbers, their own quality row, and none of what tells who
 * rated what: no latent-class estimates, agreement over time, other raters' rows, practice
 * answers, comments, rater ids or downloads.
 */
export interface Dashboard extends Pick<DashboardLatentClass, "remainingMs" | "waiting"> {
  organizer: boolean;
  audit: { id: string; name: string; status: ShownReport["audit"]["status"] };
  itemCount: number;
  raterCount: number;
  /** The live refresh's: the figures' version, when they were computed, whether they are the latest. */
  version: string;
  computedAt: string;
  current: boolean;
  report: ShownReport;
  /** The rubric with its translations (the report keeps the canonical labels). */
  rubric: Rubric | null;
  progress: { done: number; assigned: number };
  /** The adjudicated final labels' counts beside the raw ones (null: nothing adjudicated), in the report's labels. */
  outcome: AdjudicatedOutcome | null;
  /** The methods paragraph, in English, from the whole report (a clinician reads it too). */
  paragraph: string;
  overTime: AgreementOverTime | null;
  quality: RaterQuality | null;
  comments: CommentRow[];
  exports: ExportFile[];
}

/**
 * Loads the dashboard, checking access first (not found / forbidden, as authorizeResults). The
 * report is the kept one (dashboardReport: while a newer one is computed, the one before, marked
 * not current); the version is read before it, so a rating saved meanwhile makes the next poll
 * refresh. No reads beyond what the page made before this loader (a full review's dashboard is
 * benched).
 */
export async function loadDashboard(
  { db, user }: { db: Db; user: CurrentUser },
  auditId: string,
  o: {
    /** How a report the page will not wait for is started (dashboardReport); the page passes Next's `after`. */
    later?: (start: () => void) => void;
  } = {},
): Promise<Dashboard> {
  await authorizeResults(db, user, auditId);
  const organizer = can(user.role, "audits:manage");
  const { kept, current } = (await dashboardReport(db, auditId, STALE_AFTER_MS, o.later))!;
  const { version, head, computedAt } = kept;
  const { report, remainingMs, waiting } = dashboardLatentClass(db, user, auditId, kept.report);
  const [progress, adjudications, revisions, rubric, comments] = await Promise.all([
    keptProgress(db, auditId, version, { orLatest: !current }),
    loadAdjudications(db, auditId),
    acceptedRevisions(db, auditId),
    auditRubric(db, auditId),
    organizer ? keptAuditComments(db, head, version, { orLatest: !current }) : Promise.resolve([]),
  ]);
  const records = adjudications.map(({ itemId, finalLabels, removeItem }) => ({ itemId, finalLabels, removeItem }));
  const outcome = records.length ? adjudicatedOutcome(report, kept.items, records) : null;
  const ownLabel = head.raters.find((r) => r.id === user.id)?.label;
  const { agreementOverTime, raterQuality, calibration, ...shared } = report;
  return {
    organizer,
    audit: { id: auditId, name: head.audit.name, status: head.audit.status },
    itemCount: head.itemCount,
    raterCount: head.raters.length,
    version,
    computedAt,
    current,
    report: organizer ? report : shared,
    remainingMs,
    waiting,
    rubric,
    progress: { done: progress?.done ?? 0, assigned: progress?.assigned ?? 0 },
    outcome,
    paragraph: auditParagraph(report, { outcome, revisions: revisions ?? undefined }),
    overTime: organizer ? (agreementOverTime ?? null) : null,
    quality: organizer ? (raterQuality ?? null) : ownQuality(raterQuality, ownLabel),
    comments,
    exports: organizer ? exportCatalog(head) : [],
  };
}

/** A rater's own rows of the rater quality (lib/reports/rater-quality.ts): every dimension's, and their time. */
function ownQuality(quality: RaterQuality | undefined, label: string | undefined): RaterQuality | null {
  if (!quality || label === undefined) return null;
  return {
    method: quality.method,
    dimensions: quality.dimensions.map((d) => ({ ...d, raters: d.raters.filter((r) => r.rater === label) })),
    ...(quality.time ? { time: quality.time.filter((t) => t.rater === label) } : {}),
  };
}
