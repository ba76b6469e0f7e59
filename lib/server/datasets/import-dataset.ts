import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import {
  DatasetChangedError,
  streamDataset,
  validateDatasetStream,
  type DatasetRecord,
  type FormatIssue,
  type ImportProgress,
} from "../../formats";
import { recordEvent } from "../audit-trail";
import { fingerprint, verifiedFiles, type ChecksumFile } from "../../formats/checksum";
import type { DatasetFindings, FindingKind, FormatId } from "../../formats";
import { importReport, storedImportReport, type ImportReport } from "../../formats/import-report";
import { writeFindings } from "./findings";
import { UnreadableFileError } from "./open-file";
import { located } from "../../formats/issues";
import { copyRowWriter } from "./copy-writer";
import { eventRow, itemRow, noteRow, patientRow } from "./rows";
import { dialectOf, rowWriter, type RowWriter } from "./row-writer";

/** An import input: its text (and, for files on disk, its bytes), re-readable once per pass. */
export type ImportFile = ChecksumFile;

/**
 * What an import answers (and what its job record keeps as output). `report`: every file given →
 * read as, records, skipped; the ignored files with their reasons; for "unchanged", the report
 * kept with that version (null when it was imported before reports were kept).
 */
export type ImportOutcome =
  | {
      status: "imported";
      datasetId: string;
      name: string;
      version: number;
      counts: ImportCounts;
      findings: FindingCounts;
      report: ImportReport;
    }
  | { status: "unchanged"; datasetId: string; name: string; version: number; report: ImportReport | null }
  | { status: "invalid"; issues: FormatIssue[]; total: number };

export interface ImportCounts {
  patients: number;
  events: number;
  notes: number;
  items: number;
}

/** Data-quality findings imported with the dataset: how many, by kind. */
export interface FindingCounts {
  total: number;
  byKind: Partial<Record<FindingKind, number>>;
}

export interface ImportOptions {
  /** Refuse data-quality findings (content defects) as located issues instead of importing them. */
  strict?: boolean;
  /** Dataset name; default: the bundle's dataset.name, else the first file's name. */
  name?: string;
  onProgress?: (p: ImportProgress | { phase: "writing"; written: number; total: number }) => void;
  /**
   * IANA zone in which times without a UTC offset are read (default UTC; lib/formats README,
   * "one time rule"). Part of the dataset's identity: the same files read in another zone are
   * other instants, so a zone other than UTC is mixed into the checksum.
   */
  timeZone?: string;
  /** The layout the user chose (else detected from the files): "fhir-r4" reads every file but instances.jsonl as FHIR. */
  format?: FormatId;
}

/** The dataset checksum: the files' (lib/formats/checksum.ts), with the zone unless UTC (so UTC imports keep their checksum). */
function datasetChecksum(filesSum: string, timeZone: string): string {
  return timeZone === "UTC" ? filesSum : createHash("sha256").update(`${filesSum}\0time-zone=${timeZone}`).digest("hex");
}

/** Writes streamed records as batched rows; only external → row ids of patients and items are kept. */
async function writeRecords(
  insert: RowWriter,
  records: AsyncIterable<DatasetRecord>,
  datasetId: string,
  timeZone: string,
): Promise<Map<string, string>> {
  const itemIds = new Map<string, string>();
  const patientIds = new Map<string, string>();
  const rowId = (patientId: string) => patientIds.get(patientId)!; // pass 1 checked every reference
  for await (const record of records) {
    // `add` returns a promise only when it writes a full batch: await exactly then.
    let full: Promise<void> | undefined;
    if (record.kind === "patient") {
      const row = patientRow(datasetId, record.patient, record.position);
      patientIds.set(record.patient.patientId, row.id);
      if ((full = insert.add("Patient", row))) await full;
      const events = record.patient.events ?? [];
      for (let i = 0; i < events.length; i++) if ((full = insert.add("EhrEvent", eventRow(row.id, events[i]!, i, timeZone)))) await full;
    } else if (record.kind === "note") {
      if ((full = insert.add("Note", noteRow(rowId(record.patientId), record.note)))) await full;
    } else {
      const row = itemRow(datasetId, rowId(record.item.patientId), record.item, record.position, timeZone);
      itemIds.set(row.externalId, row.id);
      if ((full = insert.add("Item", row))) await full;
    }
  }
  await insert.flushAll();
  return itemIds;
}

/**
 * Imports benchmark files all-or-nothing: every violation is reported (located) and nothing
 * is written unless the whole input is valid; the same files again change nothing; changed
 * files become a new version of the dataset, never an edit of the old one.
 *
 * Three reads, none holding the dataset: the checksum (bytes only, so a re-import is cheap);
 * validation (compact indexes only); then, inside one transaction, records streamed straight
 * into INSERTs (SQLite) or COPY (PostgreSQL). The last two re-hash what they read: a file that differs from what was
 * checksummed (changed at any point after the first read) is reported, and nothing is written.
 */
export async function importDataset(
  db: Db,
  actorId: string | null,
  files: ImportFile[],
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const timeZone = options.timeZone ?? "UTC";
  let print: Awaited<ReturnType<typeof fingerprint>>;
  try {
    print = await fingerprint(files);
  } catch (error) {
    if (error instanceof UnreadableFileError)
      return { status: "invalid", issues: [located({ file: error.file, field: "(file)" }, error.said)], total: 1 };
    throw error;
  }
  const sum = datasetChecksum(print.sum, timeZone);
  const existing = await findByChecksum(db, sum);
  if (existing) return existing;

  const checked = verifiedFiles(files, print, "checksummed");
  const validated = await validateDatasetStream(checked.files, {
    onProgress: options.onProgress,
    strict: options.strict ?? false,
    timeZone,
    ...(options.format ? { format: options.format } : {}),
  });
  try {
    checked.verify(); // what was validated must be what was checksummed
  } catch (error) {
    if (error instanceof DatasetChangedError) return changed(error);
    throw error;
  }
  if (!validated.ok) return { status: "invalid", issues: validated.issues, total: validated.total };
  const { summary } = validated;
  const metaName = typeof summary.meta.name === "string" ? summary.meta.name : undefined;
  const name = options.name ?? metaName ?? files[0]?.name ?? "dataset";
  const { patients, events, notes, items } = summary.stats;
  const counts: ImportCounts = { patients, events, notes, items };
  const total = patients + events + notes + items;
  let written = 0;
  const progress = (n: number) => {
    written += n;
    options.onProgress?.({ phase: "writing", written, total });
  };
  const findings = countFindings(summary.findings);
  const report = importReport(summary.stats);
  let created: { datasetId: string; version: number } | undefined;
  // Concurrent imports race between the checksum look-up above and the INSERT below. The
  // unique constraints decide: the same files imported elsewhere meanwhile (checksum) → the
  // caller is told where; another import that took this name's next version → recount.
  for (let attempt = 1; !created; attempt++) {
    try {
      created = await db.$transaction(
        async (tx) => {
          const latest = await tx.dataset.findFirst({ where: { name }, orderBy: { version: "desc" }, select: { version: true } });
          const version = (latest?.version ?? 0) + 1;
          const datasetId = randomUUID();
          await tx.dataset.create({
            data: {
              id: datasetId,
              name,
              version,
              family: summary.family,
              format: summary.format,
              formatVersion: summary.formatVersion ?? null,
              checksum: sum,
              timeZone,
              meta: { ...summary.meta, ...(summary.extra ? { __extra: summary.extra } : {}) } as object,
              patientCount: counts.patients,
              itemCount: counts.items,
              eventCount: counts.events,
              noteCount: counts.notes,
              importReport: report,
              importedById: actorId,
            },
          });
          const source = verifiedFiles(files, print, "validated");
          // PostgreSQL: COPY on the transaction's own connection; SQLite: prepared INSERTs.
          const writer = dialectOf(db) === "postgres" ? await copyRowWriter(db, tx, progress) : rowWriter(db, tx, progress);
          const itemIds = await writeRecords(writer, streamDataset(source.files, summary), datasetId, timeZone);
          source.verify();
          await writeFindings(tx, datasetId, summary.findings.list, itemIds);
          await recordEvent(tx, {
            actorId,
            action: "dataset.import",
            entity: "Dataset",
            entityId: datasetId,
            after: {
              name,
              version,
              checksum: sum,
              format: summary.format,
              ...(timeZone !== "UTC" ? { timeZone } : {}),
              ...counts,
              findings: findings.total,
              ...(report.ignored.length > 0 ? { ignoredFiles: report.ignored.map((f) => f.name) } : {}),
            },
          });
          return { datasetId, version };
        },
        { timeout: 60 * 60_000, maxWait: 60_000 },
      );
    } catch (error) {
      // Rolled back. A file edited while it was being imported is a problem with the input,
      // reported like the others rather than as a crash.
      if (error instanceof DatasetChangedError) return changed(error);
      if (!isUniqueViolation(error)) throw error;
      const winner = await findByChecksum(db, sum);
      if (winner) return winner;
      if (attempt >= MAX_VERSION_ATTEMPTS) throw error;
      written = 0;
    }
  }
  return { status: "imported", datasetId: created.datasetId, name, version: created.version, counts, findings, report };
}

/** The version these very files already are, as an "unchanged" answer with its kept report. */
async function findByChecksum(db: Db, checksum: string): Promise<ImportOutcome | null> {
  const found = await db.dataset.findUnique({ where: { checksum }, select: { id: true, name: true, version: true, importReport: true } });
  if (!found) return null;
  const { id: datasetId, name, version } = found;
  return { status: "unchanged", datasetId, name, version, report: storedImportReport(found.importReport) };
}

/** Imports of one name that may collide on its next version number before one gives up. */
const MAX_VERSION_ATTEMPTS = 5;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** A file edited while it was being imported is a problem with the input, reported like the others. */
function changed(error: DatasetChangedError): ImportOutcome {
  return { status: "invalid", issues: [located({ file: error.file, field: "(file)" }, error.said)], total: 1 };
}

function countFindings(f: DatasetFindings): FindingCounts {
  const byKind: FindingCounts["byKind"] = {};
  for (const x of f.list) byKind[x.kind] = (byKind[x.kind] ?? 0) + 1;
  return { total: f.total, byKind };
}
