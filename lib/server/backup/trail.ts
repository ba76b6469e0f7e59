import "server-only";
import { inBatches } from "../../db/batches";
import type { Db } from "../../db/client";

export interface AuditTrailRow {
  id: string;
  at: Date;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit's part of the trail, oldest first: every event about the audit itself, its sampled
 * items (adjudications), its assignments (ratings, comments, corrections) and its corrections
 * (decisions). Ids are asked for in chunks, so a large audit stays under the drivers' limits.
 */
export async function auditTrailRows(
  db: Db,
  audit: { id: string; auditItemIds: string[]; assignmentIds: string[]; correctionIds: string[] },
): Promise<AuditTrailRow[]> {
  const groups: [string, string[]][] = [
    ["Audit", [audit.id]],
    ["AuditItem", audit.auditItemIds],
    ["Assignment", audit.assignmentIds],
    ["Correction", audit.correctionIds],
  ];
  const rows: AuditTrailRow[] = [];
  for (const [entity, ids] of groups) {
    rows.push(...(await inBatches(ids, (batch) => db.auditEvent.findMany({ where: { entity, entityId: { in: batch } } }))));
  }
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
