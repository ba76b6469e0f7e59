import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { packageEntries, packageExports, sha256 } from "../../reports/package/files";
import type { PackageFacts } from "../../reports/package/audit-metadata";
import { type PackageEntry, type StoredFile, zipEntries } from "../../reports/package/zip";
import { computeAuditReport } from "../../reports";
import type { AuditReport, AuditSnapshot } from "../../reports/types";
import { loadAuditSnapshot } from "./audit-snapshot";
import { loadExportExtras } from "./export-extras";
import { auditSlug, renderExport } from "./export-files";

/** Where reproduce.py and reproduce.R live: beside the package code, read from the checkout. */
export const SCRIPTS_DIR = path.join(process.cwd(), "lib", "reports", "package");

export function readReproduceScripts(dir = SCRIPTS_DIR): { python: string; r: string } {
  return { python: fs.readFileSync(path.join(dir, "reproduce.py"), "utf8"), r: fs.readFileSync(path.join(dir, "reproduce.R"), "utf8") };
}

export interface AuditPackage {
  fileName: string;
  /** The package's files, in the zip's order. */
  entries: PackageEntry[];
  zip: Buffer;
  sha256: string;
}

type Computed = { snapshot: AuditSnapshot; report: AuditReport } | null;

/**
 * The audit's reproducibility package from the stored ratings (callers check the organizer's
 * access first: it holds every rater's ratings and comments). Null when there is no such audit.
 */
export async function buildAuditPackage(db: Db, auditId: string, scriptsDir?: string): Promise<AuditPackage | null> {
  const snapshot = await loadAuditSnapshot(db, auditId);
  if (!snapshot) return null;
  const report = computeAuditReport(snapshot);
  const [facts, extras] = await Promise.all([packageFacts(db, auditId), loadExportExtras(db, snapshot)]);
  const render = (file: string) => renderExport(snapshot, file, extras, report);
  const built = packaged(snapshot, packageEntries({ snapshot, report, facts, render, scripts: readReproduceScripts(scriptsDir) }));
  const zip = await zipEntries(built.entries);
  return { ...built, zip, sha256: sha256(zip) };
}

/**
 * The package's files with its exports taken as written (the report thread's kept downloads,
 * download-files.ts) instead of rendered again: `exports` answers the bytes of each file named,
 * or the file they were written to.
 * The same bytes as buildAuditPackage: the downloads are rendered by the same code.
 */
export async function auditPackageFromExports(
  db: Db,
  auditId: string,
  computed: Promise<Computed>,
  exports: (files: string[]) => Promise<Map<string, Uint8Array | StoredFile>>,
  scriptsDir?: string,
): Promise<{ fileName: string; entries: PackageEntry<Uint8Array | StoredFile>[] } | null> {
  const kept = await computed;
  if (!kept) return null;
  const { snapshot, report } = kept;
  const [facts, files] = await Promise.all([packageFacts(db, auditId), exports(packageExports(snapshot))]);
  const render = (file: string) => files.get(file) ?? null;
  return packaged(snapshot, packageEntries({ snapshot, report, facts, render, scripts: readReproduceScripts(scriptsDir) }));
}

function packaged<E>(snapshot: AuditSnapshot, entries: E[]) {
  return { fileName: `${auditSlug(snapshot.audit.name)}-reproducibility.zip`, entries };
}

/** What audit.json says of the audit and its dataset beside the report. */
async function packageFacts(db: Db, auditId: string): Promise<PackageFacts> {
  const audit = await db.audit.findUniqueOrThrow({
    where: { id: auditId },
    select: {
      design: true,
      ratersPerItem: true,
      createdAt: true,
      openedAt: true,
      closedAt: true,
      sampling: true,
      dataset: {
        select: {
          name: true,
          version: true,
          format: true,
          formatVersion: true,
          checksum: true,
          timeZone: true,
          itemCount: true,
          patientCount: true,
        },
      },
    },
  });
  return {
    audit: {
      design: audit.design,
      ratersPerItem: audit.ratersPerItem,
      createdAt: audit.createdAt.toISOString(),
      openedAt: audit.openedAt?.toISOString() ?? null,
      closedAt: audit.closedAt?.toISOString() ?? null,
      sampling: audit.sampling,
    },
    dataset: audit.dataset,
  };
}
