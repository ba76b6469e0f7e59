// The report thread's work, as plain functions of a database client: the thread runs them
// (entry.ts), and the web process runs them itself where a thread cannot reach its database
// (an in-memory SQLite). The snapshot and report are kept here per audit and version.
import "server-only";
import type { Db } from "../../../db/client";
import { computeAuditReport } from "../../../reports";
import type { AuditReport, AuditSnapshot } from "../../../reports/types";
import { shownReport } from "../../../reports/shown";
import { buildAuditPackage } from "../audit-package";
import { loadAuditSnapshot } from "../audit-snapshot";
import { loadExportExtras } from "../export-extras";
import { auditSlug, exportCatalog, renderExport } from "../export-files";
import { processWide } from "../../../process-wide";
import { Kept } from "../kept";
import type { BuiltPackage, HeadAndReport, RenderedExport } from "./protocol";

const computed = processWide("kept-snapshots", () => new Kept<{ snapshot: AuditSnapshot; report: AuditReport } | null>());

/** The audit's snapshot and report at `version` (dashboard-version.ts), kept; null: no such audit. */
export function snapshotReport(db: Db, auditId: string, version: string) {
  return computed.get(auditId, version, async () => {
    const snapshot = await loadAuditSnapshot(db, auditId);
    return snapshot && { snapshot, report: computeAuditReport(snapshot) };
  });
}

export async function headAndReport(db: Db, auditId: string, version: string): Promise<HeadAndReport | null> {
  const kept = await snapshotReport(db, auditId, version);
  if (!kept) return null;
  const { audit, rubric, raters, items } = kept.snapshot;
  return { head: { audit, rubric, raters, itemCount: items.length }, report: shownReport(kept.report) };
}

/** One organizer download; null: no such audit or file. */
export async function renderedExport(db: Db, auditId: string, version: string, file: string): Promise<RenderedExport | null> {
  const kept = await snapshotReport(db, auditId, version);
  const entry = kept && exportCatalog(kept.snapshot).find((e) => e.file === file);
  if (!kept || !entry) return null;
  const { snapshot, report } = kept;
  const body = renderExport(snapshot, file, await loadExportExtras(db, snapshot, file), report);
  return body === null ? null : { body, fileName: `${auditSlug(snapshot.audit.name)}-${file}`, type: entry.type };
}

export async function builtPackage(db: Db, auditId: string, version: string, scriptsDir?: string): Promise<BuiltPackage | null> {
  const built = await buildAuditPackage(db, auditId, scriptsDir, snapshotReport(db, auditId, version));
  return built && { fileName: built.fileName, zip: new Uint8Array(built.zip), sha256: built.sha256 };
}
