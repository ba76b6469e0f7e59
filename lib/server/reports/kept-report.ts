import "server-only";
import { clientUrl, type Db } from "../../db/client";
import { auditProgress } from "../audits/progress";
import { dashboardVersion } from "./dashboard-version";
import { Kept } from "./kept";
import { threadServes } from "../threads/start";
import { askThread } from "./thread/client";
import type { BuiltPackage, HeadAndReport, RenderedExport } from "./thread/protocol";
import { builtPackage, headAndReport, renderedExport } from "./thread/work";

export type { AuditHead } from "./thread/protocol";

export interface KeptReport extends HeadAndReport {
  version: string;
}

const reports = new Kept<KeptReport | null>();
const progress = new Kept<Awaited<ReturnType<typeof auditProgress>>>();

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
 * ratings per request. Null: no such audit. Callers check access first.
 */
export async function keptReport(db: Db, auditId: string): Promise<KeptReport | null> {
  const version = await dashboardVersion(db, auditId);
  return reports.get(auditId, version, async () => {
    const got = await offLoop(
      db,
      (url) => askThread({ op: "report", url, auditId, version }),
      () => headAndReport(db, auditId, version),
    );
    return got && { version, ...got };
  });
}

/** One organizer download, rendered from the kept report off the event loop; null: no such audit or file. */
export async function keptExport(db: Db, auditId: string, file: string): Promise<RenderedExport | null> {
  const version = await dashboardVersion(db, auditId);
  return offLoop(
    db,
    (url) => askThread({ op: "export", url, auditId, version, file }),
    () => renderedExport(db, auditId, version, file),
  );
}

/** The audit's reproducibility package (audit-package.ts), built off the event loop; null: no such audit. */
export async function keptPackage(db: Db, auditId: string): Promise<BuiltPackage | null> {
  const version = await dashboardVersion(db, auditId);
  return offLoop(
    db,
    (url) => askThread({ op: "package", url, auditId, version }),
    () => builtPackage(db, auditId, version),
  );
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
