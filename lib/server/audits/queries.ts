import "server-only";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";

export async function listAudits(db: Db) {
  const audits = await db.audit.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      status: true,
      sampleSize: true,
      createdAt: true,
      dataset: { select: { name: true, version: true } },
      _count: { select: { items: true } },
    },
  });
  const clinicians = await db.assignment.groupBy({ by: ["auditId", "userId"], where: { active: true } });
  const perAudit = new Map<string, number>();
  for (const c of clinicians) perAudit.set(c.auditId, (perAudit.get(c.auditId) ?? 0) + 1);
  return audits.map((a) => ({ ...a, clinicians: perAudit.get(a.id) ?? 0 }));
}

export async function getAudit(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({
    where: { id: auditId },
    include: { dataset: { select: { id: true, name: true, version: true, family: true } }, createdBy: { select: { name: true } } },
  });
  if (!audit) return null;
  return { ...audit, rubric: parseRubric(audit.rubric) };
}

export function activeClinicians(db: Db) {
  return db.user.findMany({
    where: { role: "CLINICIAN", active: true },
    orderBy: { name: "asc" },
    select: { id: true, name: true, email: true },
  });
}

/** The audit's rubric with its translations (the report snapshot keeps only the canonical labels). */
export async function auditRubric(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { rubric: true } });
  return audit ? parseRubric(audit.rubric) : null;
}

/** The benchmark ids of the audit's sample (the composition of what was drawn). */
export async function sampleExternalIds(db: Db, auditId: string): Promise<string[]> {
  const rows = await db.auditItem.findMany({ where: { auditId }, select: { item: { select: { externalId: true } } } });
  return rows.map((r) => r.item.externalId);
}

/** Where a sampled item of this audit lives in its dataset, or null when it is not this audit's. */
export async function auditItemTarget(db: Db, auditId: string, auditItemId: string): Promise<{ datasetId: string; itemId: string } | null> {
  const row = await db.auditItem.findFirst({
    where: { id: auditItemId, auditId },
    select: { item: { select: { id: true, datasetId: true } } },
  });
  return row && { datasetId: row.item.datasetId, itemId: row.item.id };
}
