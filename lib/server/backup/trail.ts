import "server-only";
import type { Db } from "../../db/client";

const CHUNK = 500;

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
    for (let i = 0; i < ids.length; i += CHUNK) {
      rows.push(...(await db.auditEvent.findMany({ where: { entity, entityId: { in: ids.slice(i, i + CHUNK) } } })));
    }
  }
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
