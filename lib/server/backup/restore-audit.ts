import "server-only";
import { foldEmail } from "../../auth/email";
import type { Db } from "../../db/client";
import { readBackupRecords, validateBackup, type BackupPlan, type ItemRecord, type PatientRecord } from "../../backup";
import type { FormatIssue } from "../../formats";
import { readLines } from "../../formats/jsonl";
import { recordEvent } from "../audit-trail";
import { rowWriter, type RowWriter } from "../datasets/row-writer";
import { AuditRows } from "./restore-rows";
import { restoreUsers, type RestoredUsers, type Tx } from "./restore-users";

/** A backup file as text chunks (already decompressed); opened once per pass. */
export interface BackupSource {
  name: string;
  open: () => AsyncIterable<string>;
}

export type RestoreOutcome =
  | {
      status: "restored";
      auditId: string;
      auditName: string;
      dataset: { id: string; name: string; version: number; reused: boolean };
      /** Accounts created for people the target did not have: deactivated, no usable password. */
      createdUsers: string[];
      warnings: string[];
      counts: Record<string, number>;
    }
  | { status: "invalid"; issues: FormatIssue[]; total: number }
  | { status: "refused"; message: string };

/**
 * Restores one audit from a backup, all or nothing: the file is validated completely first
 * (nothing is written if any line is wrong), then everything is written in one transaction,
 * which also re-checks that it read the validated bytes. Row ids are the backup's; an audit id
 * that already exists is refused, so a report's audit id never changes meaning.
 */
export async function restoreAudit(db: Db, actorId: string | null, source: BackupSource): Promise<RestoreOutcome> {
  const validated = await validateBackup(source.name, readLines(source.open()));
  if (!validated.ok) return { status: "invalid", issues: validated.issues, total: validated.total };
  const { plan } = validated;
  const refusal = await refuse(db, plan);
  if (refusal) return { status: "refused", message: refusal };

  return db.$transaction(
    async (tx) => {
      if (await tx.audit.findUnique({ where: { id: plan.audit.id }, select: { id: true } }))
        throw new Error(`audit ${plan.audit.id} was created while restoring`);
      const people = await restoreUsers(tx, actorId, plan);
      const dataset = await restoreDataset(tx, plan, people);
      const rows = new DatasetRows(rowWriter(db, tx), dataset);
      const audit = new AuditRows(plan, people);
      for await (const r of readBackupRecords(source.name, readLines(source.open()), plan)) {
        if (r.type === "patient" || r.type === "item") await rows.add(r);
        else audit.add(r);
      }
      await rows.flush();
      await audit.write(tx, dataset.id, dataset.itemIds ?? rows.itemIds);
      const warnings = [...people.warnings, ...dataset.warnings, ...cleanedWarning(plan.cleaned)];
      await recordEvent(tx, {
        actorId,
        action: "audit.restore",
        entity: "Audit",
        entityId: plan.audit.id,
        after: {
          name: plan.audit.name,
          sha256: plan.sha256,
          backupCreatedAt: plan.header.createdAt,
          dataset: { id: dataset.id, name: dataset.name, version: dataset.version, reused: dataset.reused },
          createdUsers: people.created,
          counts: plan.counts,
          warnings,
        },
      });
      return {
        status: "restored" as const,
        auditId: plan.audit.id,
        auditName: plan.audit.name,
        dataset: { id: dataset.id, name: dataset.name, version: dataset.version, reused: dataset.reused },
        createdUsers: people.created,
        warnings,
        counts: plan.counts,
      };
    },
    { timeout: 60 * 60_000, maxWait: 60_000 },
  );
}

/** A backup made before NUL characters and lone surrogates were refused may hold some (lib/backup/storable.ts). */
function cleanedWarning(cleaned: number): string[] {
  if (cleaned === 0) return [];
  const fields = cleaned === 1 ? "1 text field" : `${cleaned} text fields`;
  return [
    `${fields} held NUL characters or lone UTF-16 surrogates (saved before ClinAudit refused them; PostgreSQL cannot store them): each was restored with U+FFFD (\ufffd) in their place`,
  ];
}

/** Why the target cannot take this backup at all, checked before the transaction. */
async function refuse(db: Db, plan: BackupPlan): Promise<string | null> {
  if (await db.audit.findUnique({ where: { id: plan.audit.id }, select: { id: true } }))
    return `audit ${plan.audit.id} ("${plan.audit.name}") already exists in this database: a restore never overwrites an audit. Restore into another instance, or keep the existing one.`;
  return null;
}

interface RestoredDataset {
  id: string;
  name: string;
  version: number;
  reused: boolean;
  /** A reused dataset's item ids by external id (a created one keeps the backup's ids). */
  itemIds: Map<string, string> | null;
  warnings: string[];
}

/**
 * The dataset by checksum if the target has it (its rows are then skipped), else created with
 * the backup's id, under its name and version — or the next free version when that one is taken
 * by other content (reports then name that version: a warning says so).
 */
async function restoreDataset(tx: Tx, plan: BackupPlan, people: RestoredUsers): Promise<RestoredDataset> {
  const d = plan.dataset;
  const existing = await tx.dataset.findUnique({ where: { checksum: d.checksum }, select: { id: true, name: true, version: true } });
  const warnings: string[] = [];
  if (existing) {
    if (existing.name !== d.name || existing.version !== d.version)
      warnings.push(
        `the dataset is already here as "${existing.name} v${existing.version}" (the backup says "${d.name} v${d.version}"): reports will name it as it is here`,
      );
    const items = await tx.item.findMany({ where: { datasetId: existing.id }, select: { id: true, externalId: true } });
    return { ...existing, reused: true, itemIds: new Map(items.map((i) => [i.externalId, i.id])), warnings };
  }
  const taken = await tx.dataset.findUnique({ where: { name_version: { name: d.name, version: d.version } }, select: { id: true } });
  let version = d.version;
  if (taken) {
    const latest = await tx.dataset.findFirst({ where: { name: d.name }, orderBy: { version: "desc" }, select: { version: true } });
    version = (latest?.version ?? 0) + 1;
    warnings.push(`"${d.name} v${d.version}" is another dataset here: restored as "${d.name} v${version}", which reports will name`);
  }
  await tx.dataset.create({
    data: {
      id: d.id,
      name: d.name,
      version,
      family: d.family,
      format: d.format,
      formatVersion: d.formatVersion,
      checksum: d.checksum,
      timeZone: d.timeZone ?? "UTC",
      meta: d.meta as object,
      patientCount: d.patientCount,
      itemCount: d.itemCount,
      eventCount: d.eventCount,
      noteCount: d.noteCount,
      ...(d.importReport ? { importReport: d.importReport } : {}),
      importedAt: new Date(d.importedAt),
      importedById: d.importedBy ? (people.ids.get(foldEmail(d.importedBy)) ?? null) : null,
    },
  });
  return { id: d.id, name: d.name, version, reused: false, itemIds: null, warnings };
}

/** Patient (with events and notes) and item rows, batched; nothing is written for a reused dataset. */
class DatasetRows {
  readonly itemIds = new Map<string, string>();
  constructor(
    private readonly insert: RowWriter,
    private readonly dataset: RestoredDataset,
  ) {}

  async add(r: PatientRecord | ItemRecord): Promise<void> {
    if (this.dataset.reused) return;
    const datasetId = this.dataset.id;
    let full: Promise<void> | undefined;
    if (r.type === "item") {
      this.itemIds.set(r.externalId, r.id);
      const cutoffTime = r.cutoffTime === null ? null : new Date(r.cutoffTime);
      const row = {
        id: r.id,
        datasetId,
        patientId: r.patient,
        position: r.position,
        kind: r.kind,
        externalId: r.externalId,
        cutoffTime,
        chapter: r.chapter,
        level: r.level,
        decisionPoint: r.decisionPoint,
        ruleId: r.ruleId,
        question: r.question,
        data: r.data,
      };
      if ((full = this.insert.add("Item", row))) await full;
      return;
    }
    if ((full = this.insert.add("Patient", { id: r.id, datasetId, externalId: r.externalId, position: r.position, data: r.data })))
      await full;
    for (const e of r.events) {
      const row = {
        id: e.id,
        patientId: r.id,
        position: e.position,
        eventId: e.eventId,
        time: new Date(e.time),
        gaDays: e.gaDays,
        visitId: e.visitId,
        type: e.type,
        name: e.name,
        text: e.text,
        data: e.data,
      };
      if ((full = this.insert.add("EhrEvent", row))) await full;
    }
    for (const n of r.notes)
      if (
        (full = this.insert.add("Note", {
          id: n.id,
          patientId: r.id,
          noteNum: n.noteNum,
          chartdate: n.chartdate,
          text: n.text,
          data: n.data,
        }))
      )
        await full;
  }

  flush(): Promise<void> {
    return this.insert.flushAll();
  }
}
