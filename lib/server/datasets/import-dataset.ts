import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { parseDataset, type FormatIssue, type ImportProgress } from "../../formats";
import { recordEvent } from "../audit-trail";
import { eventRow, itemRow, noteRow, patientRow } from "./rows";

export interface ImportFile {
  name: string;
  /** Opens the file's text; called twice (checksum, then parse), so it must be re-readable. */
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

const BATCH = 500;

async function checksum(files: ImportFile[]): Promise<string> {
  const hash = createHash("sha256");
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    hash.update(`${file.name}\0`);
    for await (const chunk of file.open()) hash.update(chunk);
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * Imports benchmark files all-or-nothing: every violation is reported (located) and nothing
 * is written unless the whole input is valid; the same files again change nothing; changed
 * files become a new version of the dataset, never an edit of the old one.
 */
export async function importDataset(db: Db, actorId: string | null, files: ImportFile[], options: ImportOptions = {}): Promise<ImportOutcome> {
  const sum = await checksum(files);
  const existing = await db.dataset.findUnique({ where: { checksum: sum }, select: { id: true, name: true, version: true } });
  if (existing) return { status: "unchanged", datasetId: existing.id, name: existing.name, version: existing.version };

  const parsed = await parseDataset(
    files.map((f) => ({ name: f.name, chunks: f.open() })),
    { onProgress: options.onProgress },
  );
  if (!parsed.ok) return { status: "invalid", issues: parsed.issues, total: parsed.total };
  const { dataset } = parsed;
  const metaName = typeof dataset.meta.name === "string" ? dataset.meta.name : undefined;
  const name = options.name ?? metaName ?? files[0]?.name ?? "dataset";

  const patientRows = dataset.patients.map((p, i) => patientRow("", p, i));
  const patientIds = new Map(dataset.patients.map((p, i) => [p.patientId, patientRows[i]!.id]));
  const counts: ImportCounts = {
    patients: dataset.patients.length,
    events: dataset.patients.reduce((n, p) => n + (p.events?.length ?? 0), 0),
    notes: dataset.patients.reduce((n, p) => n + (p.notes?.length ?? 0), 0),
    items: dataset.items.length,
  };
  const total = counts.patients + counts.events + counts.notes + counts.items;
  let written = 0;
  const progress = (n: number) => {
    written += n;
    options.onProgress?.({ phase: "writing", written, total });
  };

  const created = await db.$transaction(
    async (tx) => {
      const latest = await tx.dataset.findFirst({ where: { name }, orderBy: { version: "desc" }, select: { version: true } });
      const version = (latest?.version ?? 0) + 1;
      const datasetId = randomUUID();
      await tx.dataset.create({
        data: {
          id: datasetId,
          name,
          version,
          family: dataset.family,
          format: dataset.format,
          formatVersion: dataset.formatVersion ?? null,
          checksum: sum,
          meta: { ...dataset.meta, ...(dataset.extra ? { __extra: dataset.extra } : {}) } as object,
          patientCount: counts.patients,
          itemCount: counts.items,
          eventCount: counts.events,
          noteCount: counts.notes,
          importedById: actorId,
        },
      });
      for (let i = 0; i < patientRows.length; i += BATCH) {
        const batch = patientRows.slice(i, i + BATCH).map((r) => ({ ...r, datasetId }));
        await tx.patient.createMany({ data: batch });
        progress(batch.length);
      }
      for (const patient of dataset.patients) {
        const pid = patientIds.get(patient.patientId)!;
        const events = (patient.events ?? []).map((e, i) => eventRow(pid, e, i));
        for (let i = 0; i < events.length; i += BATCH) {
          await tx.ehrEvent.createMany({ data: events.slice(i, i + BATCH) });
          progress(Math.min(BATCH, events.length - i));
        }
        const notes = (patient.notes ?? []).map((n) => noteRow(pid, n));
        if (notes.length) await tx.note.createMany({ data: notes });
        progress(notes.length);
      }
      const items = dataset.items.map((item, i) => itemRow(datasetId, patientIds.get(item.patientId)!, item, i));
      for (let i = 0; i < items.length; i += BATCH) {
        await tx.item.createMany({ data: items.slice(i, i + BATCH) });
        progress(Math.min(BATCH, items.length - i));
      }
      await recordEvent(tx, {
        actorId,
        action: "dataset.import",
        entity: "Dataset",
        entityId: datasetId,
        after: { name, version, checksum: sum, format: dataset.format, ...counts },
      });
      return { datasetId, version };
    },
    { timeout: 60 * 60_000, maxWait: 60_000 },
  );
  return { status: "imported", datasetId: created.datasetId, name, version: created.version, counts };
}
