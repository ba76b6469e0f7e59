import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { packageEntries, sha256 } from "../../reports/package/files";
import { zipEntries, type PackageEntry } from "../../reports/package/zip";
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

/** The package's files, in the zip's order, before they are zipped. */
export interface AuditPackageEntries {
  fileName: string;
  entries: PackageEntry[];
}

export interface AuditPackage extends AuditPackageEntries {
  zip: Buffer;
  sha256: string;
}

type Computed = { snapshot: AuditSnapshot; report: AuditReport } | null;

async function computeNow(db: Db, auditId: string): Promise<Computed> {
  const snapshot = await loadAuditSnapshot(db, auditId);
  return snapshot && { snapshot, report: computeAuditReport(snapshot) };
}

/**
 * The audit's reproducibility package from the stored ratings (callers check the organizer's
 * access first: it holds every rater's ratings and comments). Null when there is no such audit.
 */
export async function buildAuditPackage(db: Db, auditId: string, scriptsDir?: string): Promise<AuditPackage | null> {
  const built = await auditPackageEntries(db, auditId, scriptsDir);
  if (!built) return null;
  const zip = await zipEntries(built.entries);
  return { ...built, zip, sha256: sha256(zip) };
}

/**
 * The package's files, to be zipped by the caller (zipEntries, or zipStream into a file).
 * `computed`: the audit's snapshot and report when the caller keeps them (thread/work.ts).
 */
export async function auditPackageEntries(
  db: Db,
  auditId: string,
  scriptsDir?: string,
  computed: Promise<Computed> = computeNow(db, auditId),
): Promise<AuditPackageEntries | null> {
  const kept = await computed;
  if (!kept) return null;
  const { snapshot, report } = kept;
  const [audit, extras] = await Promise.all([
    db.audit.findUniqueOrThrow({
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
    }),
    loadExportExtras(db, snapshot),
  ]);
  const entries = packageEntries({
    snapshot,
    report,
    facts: {
      audit: {
        design: audit.design,
        ratersPerItem: audit.ratersPerItem,
        createdAt: audit.createdAt.toISOString(),
        openedAt: audit.openedAt?.toISOString() ?? null,
        closedAt: audit.closedAt?.toISOString() ?? null,
        sampling: audit.sampling,
      },
      dataset: audit.dataset,
    },
    render: (file) => renderExport(snapshot, file, extras, report),
    scripts: readReproduceScripts(scriptsDir),
  });
  return { fileName: `${auditSlug(snapshot.audit.name)}-reproducibility.zip`, entries };
}
