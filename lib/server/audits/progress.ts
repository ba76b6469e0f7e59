import "server-only";
import type { Db } from "../../db/client";
import { parseRubric } from "../../audits/rubric";

export interface ClinicianProgress {
  userId: string;
  name: string;
  email: string;
  active: boolean;
  assigned: number;
  started: number;
  done: number;
  lastActivityAt: Date | null;
}

/** Done = every rubric dimension rated. Withdrawn assignments are listed apart and never counted. */
export async function auditProgress(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { rubric: true, sampleSize: true } });
  if (!audit) return null;
  const dimensions = parseRubric(audit.rubric).length;
  const assignments = await db.assignment.findMany({
    where: { auditId },
    select: { id: true, userId: true, active: true, lastActivityAt: true, user: { select: { name: true, email: true } } },
  });
  const rated = await db.rating.groupBy({
    by: ["assignmentId"],
    where: { assignment: { auditId }, category: { not: null } },
    _count: { _all: true },
  });
  const ratedBy = new Map(rated.map((r) => [r.assignmentId, r._count._all]));
  const people = new Map<string, ClinicianProgress>();
  for (const a of assignments) {
    const p = people.get(a.userId) ?? { userId: a.userId, name: a.user.name, email: a.user.email, active: false, assigned: 0, started: 0, done: 0, lastActivityAt: null };
    if (a.active) {
      p.active = true;
      p.assigned++;
      const n = ratedBy.get(a.id) ?? 0;
      if (n > 0) p.started++;
      if (n >= dimensions) p.done++;
    }
    if (a.lastActivityAt && (!p.lastActivityAt || a.lastActivityAt > p.lastActivityAt)) p.lastActivityAt = a.lastActivityAt;
    people.set(a.userId, p);
  }
  const clinicians = [...people.values()].sort((x, y) => x.name.localeCompare(y.name));
  const assigned = clinicians.reduce((n, c) => n + c.assigned, 0);
  const done = clinicians.reduce((n, c) => n + c.done, 0);
  return { clinicians, assigned, done };
}
