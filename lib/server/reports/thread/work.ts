// The report thread's work, as plain functions of a database client: the thread runs them
// (entry.ts), and the web process runs them itself where a thread cannot reach its database
// (an in-memory SQLite). The snapshot and report are kept here per audit and version.
import "server-only";
import fs from "node:fs";
import type { Db } from "../../../db/client";
import { computeAuditReport } from "../../../reports";
import type { AuditReport, AuditSnapshot } from "../../../reports/types";
import { shownItems, shownReport } from "../../../reports/shown";
import { type StoredFile, zipStream } from "../../../reports/package/zip";
import { auditPackageFromExports } from "../audit-package";
import { loadAuditSnapshot } from "../audit-snapshot";
import { butIntervals, dashboardVersion, sameButIntervals } from "../dashboard-version";
import { type LatentIntervalTask, latentIntervalTasks, slimTasks } from "../../../reports/latent-class";
import { loadLatentIntervals } from "../latent-interval/rows";
import { withLatentIntervals } from "../../../reports/with-intervals";
import { loadExportExtras } from "../export-extras";
import { auditSlug, exportCatalog, renderExport } from "../export-files";
import { processWide } from "../../../process-wide";
import { log } from "../../log";
import { downloadsRoot, type KeptDownload, makeDownloadsDir, present, removeLater, storeDownload } from "../download-files";
import { Kept, KeptFiles } from "../kept";
import type { HeadAndReport } from "./protocol";

const computed = processWide("kept-snapshots", () => new Kept<{ version: string; snapshot: AuditSnapshot; report: AuditReport } | null>());
/** Per audit, the latent-class interval tasks of its ratings (a version but its kept intervals): each interval thread asks again. */
const keptTasks = processWide("kept-interval-tasks", () => new Kept<LatentIntervalTask[] | null>());

/**
 * Rendered downloads and packages, kept on disk (download-files.ts) per audit, file and version
 * within a budget of bytes: asking again for an unchanged audit's file costs a look at the disk,
 * not a rendering (a full review's report.json is 8 MB, its package 26 MB and seconds of work).
 */
const DOWNLOADS_BUDGET_BYTES = 512 * 1024 * 1024;
const downloads = processWide("kept-downloads", () => {
  let dir: string | null | undefined;
  return {
    files: new KeptFiles<KeptDownload | null>(
      DOWNLOADS_BUDGET_BYTES,
      // A download the disk refused is in memory: not kept.
      (d) => (!d ? 0 : "path" in d ? d.size : Number.POSITIVE_INFINITY),
      (d) => removeLater(d),
    ),
    /** This thread's folder, made at the first download; null: the disk refused it (downloads are then answered from memory). */
    dir(): string | null {
      if (dir === undefined) {
        try {
          dir = makeDownloadsDir(downloadsRoot());
        } catch (error) {
          log().warn({ err: error }, "no folder for kept downloads: each download is rendered and answered from memory");
          dir = null;
        }
      }
      return dir;
    },
  };
});

/**
 * Lets go of the snapshot and report of the audit computed longest ago, and of its interval tasks
 * (entry.ts, when the thread's heap is over its budget after a collection); false when only one
 * audit is kept or the oldest is still being computed. Its next request computes them again.
 */
export function dropOldestAudit(): boolean {
  const auditId = computed.dropOldest();
  if (auditId === undefined) return false;
  keptTasks.forget(auditId);
  log().info({ auditId }, "the report thread let go of the audit computed longest ago, to keep its heap within budget");
  return true;
}

/** The kept download of `key` at `version`, made again if its file was removed under it. */
async function keptDownload(key: string, version: string, make: () => Promise<KeptDownload | null>): Promise<KeptDownload | null> {
  const kept = await downloads.files.get(key, version, make);
  if (present(kept)) return kept;
  downloads.files.forget(key);
  return downloads.files.get(key, version, make);
}

/**
 * The audit's snapshot and report at `version` (dashboard-version.ts), kept; null: no such audit.
 * When only the kept latent-class intervals changed since the report kept last (one was computed in
 * the background), that report takes them in instead of being computed again from every rating.
 */
export function snapshotReport(db: Db, auditId: string, version: string) {
  // Read before Kept.get replaces it with this computation.
  let latest = computed.latest(auditId);
  return computed.get(auditId, version, async () => {
    const reused = await withNewIntervals(db, auditId, version, latest);
    if (reused) return reused;
    // Computed again from every rating: the snapshot and report before are not needed here (the
    // web process shows its own copy of that report meanwhile). Let them go before the new
    // snapshot is read, so that a full review's two are not held at once.
    latest = undefined;
    computed.forgetPrevious(auditId);
    const snapshot = await loadAuditSnapshot(db, auditId);
    return snapshot && { version, snapshot, report: computeAuditReport(snapshot) };
  });
}

/** The report before, taking in the kept latent-class intervals, when only they changed since; else null. */
async function withNewIntervals(db: Db, auditId: string, version: string, latest: ReturnType<typeof computed.latest>) {
  const before = await latest?.catch(() => null);
  if (!before || !sameButIntervals(before.version, version)) return null;
  const { latentIntervals: _, ...rest } = before.snapshot;
  const intervals = await loadLatentIntervals(db, auditId);
  const snapshot: AuditSnapshot = { ...rest, ...(intervals.length ? { latentIntervals: intervals } : {}) };
  return { version, snapshot, report: withLatentIntervals(before.report, intervals) };
}

/**
 * The audit's latent-class interval tasks at its current version, from the snapshot kept for it
 * (read and its report computed now if it is not kept yet: the dashboard that asked for the
 * interval has asked for that report too), fitted once per version of its ratings: a kept
 * interval changes the version, not the tasks. Null: no such audit.
 */
export async function intervalTasks(db: Db, auditId: string): Promise<LatentIntervalTask[] | null> {
  const version = await dashboardVersion(db, auditId);
  return keptTasks.get(auditId, butIntervals(version), async () => {
    const kept = await snapshotReport(db, auditId, version);
    return kept && slimTasks(latentIntervalTasks(kept.snapshot));
  });
}

export async function headAndReport(db: Db, auditId: string, version: string): Promise<HeadAndReport | null> {
  const kept = await snapshotReport(db, auditId, version);
  if (!kept) return null;
  const { audit, rubric, raters, items } = kept.snapshot;
  return { head: { audit, rubric, raters, itemCount: items.length }, report: shownReport(kept.report), items: shownItems(kept.report) };
}

/** One organizer download; null: no such audit or file. `extras`: see ThreadRequest. */
export function renderedExport(db: Db, auditId: string, version: string, file: string, extras: string): Promise<KeptDownload | null> {
  return keptDownload(`export\u0000${auditId}\u0000${file}`, `${version}\u0000${extras}`, () =>
    renderExportNow(db, auditId, version, file),
  );
}

async function renderExportNow(db: Db, auditId: string, version: string, file: string): Promise<KeptDownload | null> {
  const kept = await snapshotReport(db, auditId, version);
  const entry = kept && exportCatalog(kept.snapshot).find((e) => e.file === file);
  if (!kept || !entry) return null;
  const { snapshot, report } = kept;
  const body = renderExport(snapshot, file, await loadExportExtras(db, snapshot, file), report);
  if (body === null) return null;
  return storeDownload(downloads.dir(), () => [Buffer.from(body)], {
    fileName: `${auditSlug(snapshot.audit.name)}-${file}`,
    type: entry.type,
  });
}

/**
 * The audit's reproducibility package at `version`, kept; null: no such audit. Zipped straight
 * into its file, from the kept downloads: the package's files are the downloads' bytes.
 */
export async function builtPackage(
  db: Db,
  auditId: string,
  version: string,
  extras: string,
  scriptsDir?: string,
): Promise<KeptDownload | null> {
  // Keyed apart from the exports by the first part: no file name asked for can name the package.
  return keptDownload(`package\u0000${auditId}\u0000${scriptsDir ?? ""}`, `${version}\u0000${extras}`, async () => {
    // Its exports are the kept downloads (rendered now if they are not yet), copied from their
    // files into the zip a chunk at a time: a full review's are ~26 MB, which the thread held
    // in memory at once while zipping. Each file is opened before the zip is written, so that a
    // newer version's replacing and removing it cannot cut the package short.
    const opened: fs.promises.FileHandle[] = [];
    try {
      // One at a time: rendered at once, a full review's 32 exports were all in memory together
      // before the first was written out.
      const exports = async (files: string[]) => {
        const found = new Map<string, Uint8Array | StoredFile>();
        for (const file of files) {
          const kept = await renderedExport(db, auditId, version, file, extras);
          if (!kept) throw new Error(`reproducibility package: the export ${file} could not be rendered`);
          if (!("path" in kept)) {
            found.set(file, kept.bytes);
            continue;
          }
          const handle = await fs.promises.open(kept.path, "r");
          opened.push(handle);
          found.set(file, { size: kept.size, crc32: kept.crc32, sha256: kept.sha256, read: () => fromStart(handle) });
        }
        return found;
      };
      const built = await auditPackageFromExports(db, auditId, snapshotReport(db, auditId, version), exports, scriptsDir);
      return (
        built &&
        (await storeDownload(downloads.dir(), () => zipStream(built.entries), { fileName: built.fileName, type: "application/zip" }))
      );
    } finally {
      await Promise.all(opened.map((h) => h.close().catch(() => undefined)));
    }
  });
}

/** An open file's bytes from its start, in 1 MiB reads (from the start again on each call; the handle stays open). */
function fromStart(handle: fs.promises.FileHandle): AsyncIterable<Uint8Array> {
  return handle.createReadStream({ start: 0, highWaterMark: 1 << 20, autoClose: false });
}
