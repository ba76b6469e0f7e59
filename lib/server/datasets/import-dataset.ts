import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { datasetChecksum } from "../../formats/checksum";
import type { Db } from "../../db/client";
import { DatasetChangedError, streamDataset, validateDatasetStream, type DatasetRecord, type FormatIssue, type ImportProgress } from "../../formats";
import { recordEvent } from "../audit-trail";
import { BulkInserter, dialectOf, eventRow, itemRow, noteRow, patientRow } from "./rows";

export interface ImportFile {
  name: string;
  /** Opens the file's text; called once per pass (checksum, validation, writing), so it must be re-readable. */
  open: () => AsyncIterable<string>;
}

export type ImportOutcome =
  | { status: "imported"; datasetId: string; name: string; version: number; counts: ImportCounts }
  | { status: "unchanged"; datasetId: string; name: string; version: number }
  | { status: "invalid"; issues: FormatIssue[]; total: number };

export interface ImportCounts {
  patients: number;
  events: number;
  notes: number;
  items: number;
}

export interface ImportOptions {
  /** Dataset name; default: the bundle's dataset.name, else the first file's name. */
  name?: string;
  onProgress?: (p: ImportProgress | { phase: "writing"; written: number; total: number }) => void;
}

/**
 * Files whose every read is hashed; `verify()` throws unless each file read completely
 * matched its digest. The writing pass maps records without re-validating them, so it
 * must be reading the very bytes that were validated.
 */
function verifying(files: ImportFile[], digests: Map<string, string>) {
  const seen = new Map<string, string>();
  const wrapped = files.map((file) => ({
    name: file.name,
    open: async function* () {
      const own = createHash("sha256");
      for await (const chunk of file.open()) {
        own.update(chunk, "utf8");
        yield chunk;
      }
      seen.set(file.name, own.digest("hex"));
    },
  }));
  const verify = () => {
    for (const [name, digest] of seen) if (digests.get(name) !== digest) throw new DatasetChangedError(name, "checksum differs");
  };
  return { files: wrapped, verify };
}

/** Writes streamed records as batched rows; only external → row ids of patients are kept. */
async function writeRecords(insert: BulkInserter, records: AsyncIterable<DatasetRecord>, datasetId: string): Promise<void> {
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
      for (let i = 0; i < events.length; i++) if ((full = insert.add("EhrEvent", eventRow(row.id, events[i]!, i)))) await full;
    } else if (record.kind === "note") {
      if ((full = insert.add("Note", noteRow(rowId(record.patientId), record.note)))) await full;
    } else if ((full = insert.add("Item", itemRow(datasetId, rowId(record.item.patientId), record.item, record.position)))) await full;
  }
  await insert.flushAll();
}

/**
 * Imports benchmark files all-or-nothing: every violation is reported (located) and nothing
 * is written unless the whole input is valid; the same files again change nothing; changed
 * files become a new version of the dataset, never an edit of the old one.
 *
 * Three reads, none holding the dataset: checksum; validation (compact indexes only); then,
 * inside one transaction, records streamed straight into batched INSERTs.
 */
export async function importDataset(db: Db, actorId: string | null, files: ImportFile[], options: ImportOptions = {}): Promise<ImportOutcome> {
  const { sum, digests } = await datasetChecksum(files);
  const existing = await db.dataset.findUnique({ where: { checksum: sum }, select: { id: true, name: true, version: true } });
  if (existing) return { status: "unchanged", datasetId: existing.id, name: existing.name, version: existing.version };

  const validated = await validateDatasetStream(files, { onProgress: options.onProgress });
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
  const dialect = dialectOf(db);

  let created: { datasetId: string; version: number };
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
            meta: { ...summary.meta, ...(summary.extra ? { __extra: summary.extra } : {}) } as object,
            patientCount: counts.patients,
            itemCount: counts.items,
            eventCount: counts.events,
            noteCount: counts.notes,
            importedById: actorId,
          },
        });
        const source = verifying(files, digests);
        await writeRecords(new BulkInserter(tx, dialect, progress), streamDataset(source.files, summary), datasetId);
        source.verify();
        await recordEvent(tx, {
          actorId,
          action: "dataset.import",
          entity: "Dataset",
          entityId: datasetId,
          after: { name, version, checksum: sum, format: summary.format, ...counts },
        });
        return { datasetId, version };
      },
      { timeout: 60 * 60_000, maxWait: 60_000 },
    );
  } catch (error) {
    // Rolled back. A file edited while it was being imported is a problem with the input,
    // reported like the others rather than as a crash.
    if (error instanceof DatasetChangedError) return { status: "invalid", issues: [{ file: error.file, field: "(file)", message: error.message }], total: 1 };
    throw error;
  }
  return { status: "imported", datasetId: created.datasetId, name, version: created.version, counts };
}
