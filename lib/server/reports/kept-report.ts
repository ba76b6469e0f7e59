import "server-only";
import { clientUrl, type Db } from "../../db/client";
import { processWide } from "../../process-wide";
import { within } from "../../within";
import { adjudicationMarks, type AdjudicationQueue, type TriagedItems, triagedItems, withAdjudications } from "../adjudication/queue";
import { type AuditProgress, auditProgress } from "../audits/progress";
import { dashboardVersion } from "./dashboard-version";
import { extrasVersion } from "./extras-version";
import { Kept, OneAtATime } from "./kept";
import { threadServes } from "../threads/start";
import { keptAuditComments } from "./audit-comments";
import { askThread } from "./thread/client";
import { fromPieces } from "./thread/pieces";
import type { KeptDownload } from "./download-files";
import type { HeadAndReport } from "./thread/protocol";
import { builtPackage, headAndReport, renderedExport } from "./thread/work";
import { startLatentIntervals } from "./latent-interval/client";

export type { AuditHead } from "./thread/protocol";

export interface KeptReport extends HeadAndReport {
  version: string;
  /** When the web process received it (ISO): the dashboard says how old its figures are. */
  computedAt: string;
  /** How long it took, from the request to the answer (ms): whether the next one is worth waiting for. */
  computeMs: number;
}

// One per process (lib/process-wide.ts): the dashboard, the audit page and the routes that read
// them are bundled apart, and each copy of this module would otherwise keep its own.
// Shown while a newer one is computed: a report or progress replaced before it settled is still
// shown once it does (Kept's keepReplaced), or ratings saved faster than a full review's report is
// computed would keep the dashboard on the report from before the first of them.
const reports = processWide("kept-reports", () => new Kept<KeptReport | null>(undefined, { keepReplaced: true }));
const progress = processWide("kept-progress", () => new Kept<AuditProgress | null>(undefined, { keepReplaced: true }));
const adjudications = processWide("kept-adjudication-queues", () => new Kept<AdjudicationQueue | null>());
const triaged = processWide("kept-triaged-items", () => new Kept<TriagedItems | null>());
// One report computation per audit at a time (OneAtATime): ratings saved every few seconds change
// the version faster than a full review's report is computed (seconds), and a stale dashboard
// polls every 2 s. Otherwise each poll would start one more computation of the audit beside those
// still running, each then slower, the report thread holding a snapshot for each. A report asked
// for meanwhile may so be answered at a newer version than asked for: its `version` says which.
const reportTurns = processWide("report-turns", () => new OneAtATime(reports));
// The same for the two other reads of every rating an open audit's pages ask for again at each
// change: the progress (~0.3 s at full size) and the adjudication list's triage (1.5–2 s).
const progressTurns = processWide("progress-turns", () => new OneAtATime(progress));
const triageTurns = processWide("triage-turns", () => new OneAtATime(triaged));

/**
 * Where the heavy work runs: reading a full review's 50,000 ratings (synchronous on SQLite),
 * computing its report and rendering its files take seconds, so they run in the report thread
 * (thread/), never on the web process's event loop. An in-memory SQLite database cannot be
 * opened from another thread: its work runs here.
 */
function offLoop<T>(db: Db, inThread: (url: string) => Promise<T>, here: () => Promise<T>): Promise<T> {
  const url = clientUrl(db);
  return threadServes(url) ? inThread(url) : here();
}

/**
 * The audit's report and the little of its snapshot a page shows, kept per version: the
 * dashboard and its reloads share one computation instead of reading and recomputing 50,000
 * ratings per request. Its `version` may be newer than the one read here (reportTurns). Null: no
 * such audit. Callers check access first.
 */
export async function keptReport(db: Db, auditId: string): Promise<KeptReport | null> {
  return reportAt(db, auditId, await dashboardVersion(db, auditId));
}

function reportAt(db: Db, auditId: string, version: string): Promise<KeptReport | null> {
  return reports.get(auditId, version, () => reportTurns.run(auditId, version, () => computeReport(db, auditId, version)));
}

async function computeReport(db: Db, auditId: string, version: string): Promise<KeptReport | null> {
  const started = performance.now();
  // The progress and the comments the dashboard shows beside this report are read in the same
  // wait, so that the page that first shows the report does not then wait for them (a full
  // review's: ~0.3 s and ~0.1 s). A failure there is the page's to see; the report is kept.
  const progressRead = keptProgress(db, auditId, version).catch(() => null);
  const got = await offLoop(
    db,
    (url) => askThread({ op: "report", url, auditId, version }).then((pieces) => pieces && fromPieces(pieces)),
    () => headAndReport(db, auditId, version),
  );
  if (got) await Promise.all([progressRead, keptAuditComments(db, got.head, version).catch(() => null)]);
  return got && { version, computedAt: new Date().toISOString(), computeMs: performance.now() - started, ...got };
}

/** Whether the audit's report at `version` is kept or being computed in this process. */
export function reportStarted(auditId: string, version: string): boolean {
  return reports.has(auditId, version);
}

/** How long the dashboard waits for a report being computed before it shows the one before. */
export const STALE_AFTER_MS = 300;

/**
 * How long a dashboard waits for the current report, given how long the audit's last report took:
 * the whole wait when the last one fitted in it (a 100-item audit's: tens of ms), none when it
 * did not (1,500 decision points: ~1.3 s; a full review: seconds), since this one will not fit
 * either and the organizer would wait for nothing before seeing the one before.
 */
export function dashboardWaitMs(lastComputeMs: number, waitMs: number): number {
  return lastComputeMs > waitMs ? 0 : waitMs;
}

export interface DashboardReport {
  kept: KeptReport;
  /**
   * False: `kept` is the report before the audit's latest changes, shown while the current one is
   * computed (in the report thread), which the live dashboard shows as soon as it is ready.
   */
  current: boolean;
}

/**
 * What the dashboard shows: the report at the audit's current version when it is kept or computed
 * within STALE_AFTER_MS (not waited for when the audit's last report took longer: dashboardWaitMs);
 * otherwise, while it is computed, the audit's latest report, marked as
 * such (a full review's takes seconds, and the organizer should not wait for it to see the page).
 * With no earlier report, it waits. Downloads never do this: they are always current (keptExport).
 * `later`: when the page will not wait for the new report, it is started through `later` (the
 * page passes Next's `after`, which runs it once the response is sent), so that the thread's
 * computation does not contend for the processor with the page that shows the report before it.
 * Null: no such audit. Callers check access first.
 */
export async function dashboardReport(
  db: Db,
  auditId: string,
  waitMs = STALE_AFTER_MS,
  later?: (start: () => void) => void,
): Promise<DashboardReport | null> {
  const version = await dashboardVersion(db, auditId);
  // The report computed last, whatever its version (Kept.latest): what is shown meanwhile.
  const before = await reports.latest(auditId);
  if (!before || before.version === version || reports.ready(auditId, version)) {
    const kept = await reportAt(db, auditId, version);
    if (kept) startLatentIntervals(db, auditId, kept.report);
    return kept && { kept, current: true };
  }
  // An audit whose last report took seconds will not be done within the wait either.
  const wait = dashboardWaitMs(before.computeMs, waitMs);
  if (wait === 0 && later) {
    // A failure is the next request's to see (a failed computation is not kept).
    later(() => void reportAt(db, auditId, version).catch(() => {}));
    return { kept: before, current: false };
  }
  const current = reportAt(db, auditId, version);
  current.catch(() => {});
  const waited = await within(current, wait);
  if (waited === "later") return { kept: before, current: false };
  if (waited) startLatentIntervals(db, auditId, waited.report);
  return waited && { kept: waited, current: true };
}

/**
 * The live dashboard's poll: the audit's version, and whether its report is ready to show. A
 * report not yet computed is started here, in the report thread, so that the page refreshes once,
 * when it is ready, instead of waiting for it; so are the latent-class intervals a ready report
 * lacks (the version changes when one is kept). Callers check access first.
 */
export async function reportState(db: Db, auditId: string, waitMs = STALE_AFTER_MS): Promise<{ version: string; ready: boolean }> {
  const version = await dashboardVersion(db, auditId);
  // A small audit's report is computed within the wait: the page refreshes on this poll.
  const computing = reportAt(db, auditId, version);
  computing.catch(() => {});
  const ready = reports.ready(auditId, version) || (await within(computing, waitMs)) !== "later";
  if (ready) {
    const kept = await computing;
    if (kept) startLatentIntervals(db, auditId, kept.report);
  }
  return { version, ready };
}

/**
 * One organizer download, rendered from the kept report off the event loop and kept per the
 * report's version and its extras' (adjudications, accepted corrections); null: no such audit or file.
 */
export async function keptExport(db: Db, auditId: string, file: string): Promise<KeptDownload | null> {
  const [version, extras] = await Promise.all([dashboardVersion(db, auditId), extrasVersion(db, auditId)]);
  return offLoop(
    db,
    (url) => askThread({ op: "export", url, auditId, version, file, extras }),
    () => renderedExport(db, auditId, version, file, extras),
  );
}

/** The audit's reproducibility package (audit-package.ts), built off the event loop and kept as the downloads are; null: no such audit. */
export async function keptPackage(db: Db, auditId: string): Promise<KeptDownload | null> {
  const [version, extras] = await Promise.all([dashboardVersion(db, auditId), extrasVersion(db, auditId)]);
  return offLoop(
    db,
    (url) => askThread({ op: "package", url, auditId, version, extras }),
    () => builtPackage(db, auditId, version, extras),
  );
}

/**
 * The audit's progress per rater (auditProgress), kept per the same version and computed off the
 * event loop: it reads every assignment and counts every rating, which at full review size is most
 * of the audit page's time. The version covers assignments, withdrawals, flags, activity and
 * ratings; a rater's renamed account shows with the next change. `version`: the caller's own
 * reading of it. Null: no such audit. Callers check access first.
 */
export async function keptProgress(
  db: Db,
  auditId: string,
  version?: string,
  o: { orLatest?: boolean } = {},
): Promise<AuditProgress | null> {
  const v = version ?? (await dashboardVersion(db, auditId));
  // Beside a report from before the latest changes (dashboardReport), the progress kept last: the
  // report thread is busy computing the new report, and the page should not wait for it.
  const before = o.orLatest && !progress.ready(auditId, v) ? progress.latest(auditId) : undefined;
  if (before) return before;
  return progress.get(auditId, v, () =>
    progressTurns.run(auditId, v, () =>
      offLoop(
        db,
        (url) => askThread({ op: "progress", url, auditId, version: v }),
        () => auditProgress(db, auditId),
      ),
    ),
  );
}

/**
 * The adjudication list (adjudication/queue.ts), kept per version of the audit's ratings,
 * assignments (comments and corrections stamp them) and adjudications. Its triage reads every
 * rating of the audit: it is computed off the event loop and kept per version of the ratings
 * alone, so that an adjudication saved costs a read of the adjudications (every adjudication item
 * page asks for the list again to find the next item; at a full review's size the triage took the
 * report thread 1.5–2 s). Null: no such audit. Callers check access first.
 */
export async function keptAdjudicationQueue(db: Db, auditId: string): Promise<AdjudicationQueue | null> {
  const [ratings, decided] = await Promise.all([
    dashboardVersion(db, auditId),
    db.adjudication.aggregate({ where: { auditId }, _count: { _all: true }, _max: { updatedAt: true } }),
  ]);
  const version = `${ratings}:${decided._count._all}:${decided._max.updatedAt?.getTime() ?? 0}`;
  return adjudications.get(auditId, version, async () => {
    const [items, marks] = await Promise.all([
      triaged.get(auditId, ratings, () =>
        triageTurns.run(auditId, ratings, () =>
          offLoop(
            db,
            (url) => askThread({ op: "adjudication", url, auditId, version: ratings }),
            () => triagedItems(db, auditId),
          ),
        ),
      ),
      adjudicationMarks(db, auditId),
    ]);
    return items && withAdjudications(items, marks);
  });
}
