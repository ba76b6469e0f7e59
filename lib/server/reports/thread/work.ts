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
import { sameButIntervals } from "../dashboard-version";
import { loadLatentIntervals } from "../latent-interval/rows";
import { withLatentIntervals } from "../../../reports/with-intervals";
import { loadExportExtras } from "../export-extras";
import { auditSlug, exportCatalog, renderExport } from "../export-files";
import { processWide } from "../../../process-wide";
import { Kept, KeptFiles } from "../kept";
import type { BuiltPackage, HeadAndReport, RenderedExport } from "./protocol";

const computed = processWide("kept-snapshots", () => new Kept<{ version: string; snapshot: AuditSnapshot; report: AuditReport } | null>());

/**
 * Rendered downloads and packages, kept per audit, file and version within a budget (characters of
 * the files; bytes of the zips): asking again for an unchanged audit's file costs a copy, not a
 * rendering (a full review's report.json is 8 MB, its package 22 MB and 2.7 s of work).
 */
const EXPORT_BUDGET_CHARS = 32 * 1024 * 1024;
const PACKAGE_BUDGET_BYTES = 48 * 1024 * 1024;
const exports = processWide("kept-exports", () => new KeptFiles<RenderedExport | null>(EXPORT_BUDGET_CHARS, (e) => e?.body.length ?? 0));
const packages = processWide(
  "kept-packages",
  () => new KeptFiles<BuiltPackage | null>(PACKAGE_BUDGET_BYTES, (p) => p?.zip.byteLength ?? 0),
);

/**
 * The audit's snapshot and report at `version` (dashboard-version.ts), kept; null: no such audit.
 * When only the kept latent-class intervals changed since the report kept last (one was computed in
 * the background), that report takes them in instead of being computed again from every rating.
 */
export function snapshotReport(db: Db, auditId: string, version: string) {
  // Read before Kept.get replaces it with this computation.
  const latest = computed.latest(auditId);
  return computed.get(auditId, version, async () => {
    const before = await latest?.catch(() => null);
    if (before && sameButIntervals(before.version, version)) {
      const { latentIntervals: _, ...rest } = before.snapshot;
      const intervals = await loadLatentIntervals(db, auditId);
      const snapshot: AuditSnapshot = { ...rest, ...(intervals.length ? { latentIntervals: intervals } : {}) };
      return { version, snapshot, report: withLatentIntervals(before.report, intervals) };
    }
    const snapshot = await loadAuditSnapshot(db, auditId);
    return snapshot && { version, snapshot, report: computeAuditReport(snapshot) };
  });
}

export async function headAndReport(db: Db, auditId: string, version: string): Promise<HeadAndReport | null> {
  const kept = await snapshotReport(db, auditId, version);
  if (!kept) return null;
  const { audit, rubric, raters, items } = kept.snapshot;
  return { head: { audit, rubric, raters, itemCount: items.length }, report: shownReport(kept.report) };
}

/** One organizer download; null: no such audit or file. `extras`: see ThreadRequest. */
export function renderedExport(db: Db, auditId: string, version: string, file: string, extras: string): Promise<RenderedExport | null> {
  return exports.get(`${auditId}\u0000${file}`, `${version}\u0000${extras}`, () => renderExportNow(db, auditId, version, file));
}

async function renderExportNow(db: Db, auditId: string, version: string, file: string): Promise<RenderedExport | null> {
  const kept = await snapshotReport(db, auditId, version);
  const entry = kept && exportCatalog(kept.snapshot).find((e) => e.file === file);
  if (!kept || !entry) return null;
  const { snapshot, report } = kept;
  const body = renderExport(snapshot, file, await loadExportExtras(db, snapshot, file), report);
  return body === null ? null : { body, fileName: `${auditSlug(snapshot.audit.name)}-${file}`, type: entry.type };
}

/**
 * The audit's package at `version`, kept; each answer is a copy of the kept zip, so that the thread
 * can hand it to the web process (a transfer empties the sender's copy).
 */
export async function builtPackage(
  db: Db,
  auditId: string,
  version: string,
  extras: string,
  scriptsDir?: string,
): Promise<BuiltPackage | null> {
  const key = `${auditId}\u0000${scriptsDir ?? ""}`;
  const kept = await packages.get(key, `${version}\u0000${extras}`, async () => {
    const built = await buildAuditPackage(db, auditId, scriptsDir, snapshotReport(db, auditId, version));
    return built && { fileName: built.fileName, zip: new Uint8Array(built.zip), sha256: built.sha256 };
  });
  return kept && { ...kept, zip: kept.zip.slice() };
}
