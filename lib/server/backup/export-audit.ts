import "server-only";
import type { ModelStratum } from "../../sampling/stratified";
import { groupBy } from "../../db/batches";
import type { Db } from "../../db/client";
import { orderRaters, storedRaterOrder } from "../../audits/rater-order";
import { BackupWriter, isoOrNull, type AuditRecord, type BackupRecord, type CorrectionKind, type DatasetRecord } from "../../backup";
import { recordEvent } from "../audit-trail";
import { calibrationPeople, calibrationRecord, readCalibration } from "./calibration";
import { accessRecord, auditAccessRows } from "./access";
import { auditTrailRows } from "./trail";
import { importReportOf, itemRecords, patientRecords } from "./dataset-records";

export interface AuditBackup {
  auditId: string;
  auditName: string;
  /** The dataset it carries whole, and its patient count (for the access log). */
  datasetId: string;
  patientCount: number;
  /** The file's lines, produced as they are read (a full-size dataset is hundreds of MB). */
  lines: AsyncIterable<string>;
}

/**
 * The audit's own rows, read together so ratings cannot move between the reads. Ratings and
 * corrections are read flat and joined here: nested ordered relations bind every assignment id at
 * once, past SQLite's parameter limit (lib/db/batches.ts).
 */
async function readAudit(db: Db, auditId: string) {
  const [audit, auditItems, rows, ratings, corrections, messages] = await db.$transaction([
    db.audit.findUnique({ where: { id: auditId }, include: { dataset: { include: { importedBy: { select: { email: true } } } } } }),
    db.auditItem.findMany({
      where: { auditId },
      orderBy: { sampleOrder: "asc" },
      include: { item: { select: { externalId: true, patient: { select: { externalId: true } } } }, adjudication: true },
    }),
    db.assignment.findMany({
      where: { auditId },
      orderBy: [{ auditItem: { sampleOrder: "asc" } }, { assignedAt: "asc" }, { id: "asc" }],
      include: { user: { select: { createdAt: true } } },
    }),
    db.rating.findMany({ where: { assignment: { auditId } }, orderBy: [{ assignmentId: "asc" }, { dimension: "asc" }] }),
    db.correction.findMany({
      where: { assignment: { auditId } },
      orderBy: [{ assignmentId: "asc" }, { kind: "asc" }, { turnOrder: "asc" }],
      include: { decision: true },
    }),
    db.threadMessage.findMany({ where: { auditId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const ratingsOf = groupBy(ratings, (r) => r.assignmentId);
  const correctionsOf = groupBy(corrections, (c) => c.assignmentId);
  const assignments = rows.map((a) => ({ ...a, ratings: ratingsOf.get(a.id) ?? [], corrections: correctionsOf.get(a.id) ?? [] }));
  return audit && { audit, auditItems, assignments, messagesOf: groupBy(messages, (m) => m.auditItemId) };
}

/**
 * The backup of one audit (format: lib/backup/format.ts), or null when there is no such audit.
 * Every account the audit names is written by email, name, role and active flag — never a
 * password hash.
 */
export async function exportAuditBackup(db: Db, auditId: string, generator: string, now = new Date()): Promise<AuditBackup | null> {
  const read = await readAudit(db, auditId);
  if (!read) return null;
  const { audit, auditItems, assignments, messagesOf } = read;
  const { dataset } = audit;
  const trail = await auditTrailRows(db, {
    id: auditId,
    auditItemIds: auditItems.map((i) => i.id),
    assignmentIds: assignments.map((a) => a.id),
    correctionIds: assignments.flatMap((a) => a.corrections.map((c) => c.id)),
  });

  const access = await auditAccessRows(db, {
    id: auditId,
    datasetId: dataset.id,
    patients: auditItems.map((i) => i.item.patient.externalId),
  });

  const calibration = await readCalibration(db, auditId);
  const named = new Set<string>([audit.createdById, ...assignments.map((a) => a.userId), ...calibrationPeople(calibration)]);
  if (audit.adjudicatorId) named.add(audit.adjudicatorId);
  for (const i of auditItems) if (i.adjudication) named.add(i.adjudication.adjudicatorId);
  for (const thread of messagesOf.values()) for (const m of thread) named.add(m.authorId);
  for (const a of assignments) for (const c of a.corrections) if (c.decision) named.add(c.decision.adjudicatorId);
  // Whoever acted on the audit is named too, so its trail restores with its actors.
  for (const e of trail) if (e.actorId) named.add(e.actorId);
  for (const e of access) named.add(e.userId);
  const users = await db.user.findMany({
    where: { id: { in: [...named] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, email: true, name: true, role: true, active: true },
  });
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const email = (id: string) => {
    const e = emailOf.get(id);
    if (!e) throw new Error(`audit ${auditId} names the account ${id}, which does not exist`);
    return e;
  };
  // Every rater of the audit, withdrawn ones too, in label order: a restore keeps R1…Rn.
  const raters = [...new Map(assignments.map((a) => [a.userId, a.user.createdAt])).entries()].map(([userId, createdAt]) => ({
    userId,
    createdAt,
  }));
  const raterOrder = orderRaters(raters, storedRaterOrder(audit.raterOrder)).map(email);

  const datasetRecord: DatasetRecord = {
    type: "dataset",
    id: dataset.id,
    name: dataset.name,
    version: dataset.version,
    family: dataset.family as DatasetRecord["family"],
    format: dataset.format,
    formatVersion: dataset.formatVersion,
    checksum: dataset.checksum,
    ...(dataset.timeZone !== "UTC" ? { timeZone: dataset.timeZone } : {}),
    meta: dataset.meta,
    patientCount: dataset.patientCount,
    itemCount: dataset.itemCount,
    eventCount: dataset.eventCount,
    noteCount: dataset.noteCount,
    ...importReportOf(dataset.importReport),
    importedAt: dataset.importedAt.toISOString(),
    importedBy: dataset.importedBy?.email ?? null,
  };
  const auditRecord: AuditRecord = {
    type: "audit",
    id: audit.id,
    name: audit.name,
    status: audit.status,
    rubric: audit.rubric,
    sampleSize: audit.sampleSize,
    seed: audit.seed,
    strata: audit.strata as string[],
    sampling: audit.sampling,
    populationSize: audit.populationSize,
    design: audit.design,
    ratersPerItem: audit.ratersPerItem,
    shareResults: audit.shareResults,
    createdBy: email(audit.createdById),
    adjudicator: audit.adjudicatorId ? email(audit.adjudicatorId) : null,
    raterOrder,
    createdAt: audit.createdAt.toISOString(),
    openedAt: isoOrNull(audit.openedAt),
    closedAt: isoOrNull(audit.closedAt),
    ...((c) => (c ? { calibration: c } : {}))(calibrationRecord(audit, calibration, email)),
    ...(audit.modelDesign !== null ? { modelDesign: audit.modelDesign } : {}),
  };

  async function* records(): AsyncGenerator<BackupRecord> {
    yield datasetRecord;
    yield* patientRecords(db, dataset.id);
    yield* itemRecords(db, dataset.id);
    for (const u of users) yield { type: "user", email: u.email, name: u.name, role: u.role, active: u.active };
    yield auditRecord;
    for (const i of auditItems) {
      const adj = i.adjudication;
      const thread = messagesOf.get(i.id);
      yield {
        type: "auditItem",
        id: i.id,
        item: i.item.externalId,
        sampleOrder: i.sampleOrder,
        ...(i.modelStratum !== null ? { modelStratum: i.modelStratum as ModelStratum } : {}),
        adjudication: adj && {
          id: adj.id,
          adjudicator: email(adj.adjudicatorId),
          finalLabels: adj.finalLabels as Record<string, string>,
          rationale: adj.rationale,
          removeItem: adj.removeItem,
          decidedAt: adj.decidedAt.toISOString(),
          updatedAt: adj.updatedAt.toISOString(),
        },
        ...(thread
          ? {
              messages: thread.map((m) => ({ id: m.id, author: email(m.authorId), text: m.text, createdAt: m.createdAt.toISOString() })),
            }
          : {}),
      };
    }
    for (const a of assignments) {
      yield {
        type: "assignment",
        id: a.id,
        auditItem: a.auditItemId,
        user: email(a.userId),
        active: a.active,
        assignedAt: a.assignedAt.toISOString(),
        withdrawnAt: isoOrNull(a.withdrawnAt),
        comment: a.comment,
        commentVersion: a.commentVersion,
        lastActivityAt: isoOrNull(a.lastActivityAt),
        reviewPosition: a.reviewPosition,
        activeMs: a.activeMs,
        flagged: a.flagged,
        ratings: a.ratings.map((r) => ({
          id: r.id,
          dimension: r.dimension,
          category: r.category,
          version: r.version,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        corrections: a.corrections.map((c) => ({
          id: c.id,
          kind: c.kind as CorrectionKind,
          turnOrder: c.turnOrder,
          proposal: c.proposal,
          newGold: c.newGold,
          rationale: c.rationale,
          version: c.version,
          createdAt: c.createdAt.toISOString(),
          updatedAt: c.updatedAt.toISOString(),
          decision: c.decision && {
            id: c.decision.id,
            adjudicator: email(c.decision.adjudicatorId),
            decision: c.decision.decision as "ACCEPTED" | "EDITED" | "REJECTED",
            applied: c.decision.applied,
            rationale: c.decision.rationale,
            decidedAt: c.decision.decidedAt.toISOString(),
          },
        })),
      };
    }
    for (const e of trail) {
      yield {
        type: "trail",
        id: e.id,
        at: e.at.toISOString(),
        actor: e.actorId ? email(e.actorId) : null,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        before: (e.before ?? null) as object | null,
        after: (e.after ?? null) as object | null,
      };
    }
    for (const e of access) yield accessRecord(e, email);
  }

  async function* lines(): AsyncGenerator<string> {
    const writer = new BackupWriter();
    yield writer.header({ createdAt: now.toISOString(), generator, audit: { id: audit!.id, name: audit!.name } });
    for await (const r of records()) yield writer.record(r);
    yield writer.end();
  }
  return { auditId: audit.id, auditName: audit.name, datasetId: dataset.id, patientCount: dataset.patientCount, lines: lines() };
}

/** The trail entry for a backup taken (by the CLI: actor null). */
export function recordBackupEvent(db: Db, actorId: string | null, auditId: string, after: { via: "cli" | "web"; file?: string }) {
  return recordEvent(db, { actorId, action: "audit.backup", entity: "Audit", entityId: auditId, after });
}
