import "server-only";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";

export async function listAudits(db: Db) {
  const audits = await db.audit.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true, name: true, status: true, sampleSize: true, createdAt: true,
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
  return db.user.findMany({ where: { role: "CLINICIAN", active: true }, orderBy: { name: "asc" }, select: { id: true, name: true, email: true } });
}

/** The audit's rubric with its translations (the report snapshot keeps only the canonical labels). */
export async function auditRubric(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { rubric: true } });
  return audit ? parseRubric(audit.rubric) : null;
}
