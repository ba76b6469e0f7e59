import "server-only";
import { inBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import type { AccessAction } from "../../access-log/events";
import type { AccessRecord } from "../../backup";

/**
 * The access log's part a backup carries, oldest first: every event of the audit (its case and
 * adjudication views, its downloads) and the dataset item page views of the audit's patients.
 * Views under other audits of the same dataset belong to those audits' backups.
 */
export async function auditAccessRows(db: Db, audit: { id: string; datasetId: string; patients: string[] }) {
  const select = {
    id: true,
    at: true,
    userId: true,
    action: true,
    auditId: true,
    patient: true,
    itemExternalId: true,
    auditItemId: true,
    detail: true,
    address: true,
  } as const;
  const rows = [
    ...(await db.accessEvent.findMany({ where: { auditId: audit.id }, select })),
    ...(await inBatches([...new Set(audit.patients)], (batch) =>
      db.accessEvent.findMany({ where: { auditId: null, datasetId: audit.datasetId, patient: { in: batch } }, select }),
    )),
  ];
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export type AccessRow = Awaited<ReturnType<typeof auditAccessRows>>[number];

/** One event as a backup record: the person by email, the audit as a flag (its id is the file's). */
export function accessRecord(e: AccessRow, email: (userId: string) => string): AccessRecord {
  return {
    type: "access",
    id: e.id,
    at: e.at.toISOString(),
    user: email(e.userId),
    action: e.action as AccessAction,
    audit: e.auditId !== null,
    patient: e.patient,
    item: e.itemExternalId,
    auditItem: e.auditItemId,
    detail: e.detail,
    address: e.address,
  };
}
