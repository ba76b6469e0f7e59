import "server-only";
import type { Db } from "../../db/client";
import { orderRaters, storedRaterOrder } from "../../audits/rater-order";
import { parseRubric } from "../../audits/rubric";
import { quantile } from "../../reports/time-on-task";
import { expectedRatings } from "../review/expected-ratings";

export interface ClinicianProgress {
  userId: string;
  /** The rater's label in reports (R1…Rn over active raters); null once withdrawn. */
  label: string | null;
  name: string;
  email: string;
  active: boolean;
  assigned: number;
  started: number;
  done: number;
  lastActivityAt: Date | null;
  /** Items this clinician flagged for discussion (active assignments). */
  flagged: number;
  /** Measured active time: total, and the median over started items with a measurement. */
  activeMs: number;
  medianActiveMs: number | null;
}

/** Done = every rubric dimension rated. Withdrawn assignments are listed apart and never counted. */
export type AuditProgress = NonNullable<Awaited<ReturnType<typeof auditProgress>>>;

export async function auditProgress(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { rubric: true, sampleSize: true, raterOrder: true } });
  if (!audit) return null;
  const assignments = await db.assignment.findMany({
    where: { auditId },
    select: {
      id: true,
      auditItemId: true,
      userId: true,
      active: true,
      lastActivityAt: true,
      flagged: true,
      activeMs: true,
      user: { select: { name: true, email: true, createdAt: true } },
      auditItem: { select: { sampleOrder: true, item: { select: { externalId: true } } } },
    },
  });
  const needed = await expectedRatings(db, parseRubric(audit.rubric), auditId);
  const rated = await db.rating.groupBy({
    by: ["assignmentId"],
    where: { assignment: { auditId }, category: { not: null } },
    _count: { _all: true },
  });
  const ratedBy = new Map(rated.map((r) => [r.assignmentId, r._count._all]));
  const people = new Map<string, ClinicianProgress>();
  const times = new Map<string, number[]>();
  for (const a of assignments) {
    const p = people.get(a.userId) ?? {
      userId: a.userId,
      label: null,
      name: a.user.name,
      email: a.user.email,
      active: false,
      assigned: 0,
      started: 0,
      done: 0,
      lastActivityAt: null,
      flagged: 0,
      activeMs: 0,
      medianActiveMs: null,
    };
    if (a.active) {
      p.active = true;
      p.assigned++;
      const n = ratedBy.get(a.id) ?? 0;
      if (n > 0) p.started++;
      if (n >= needed(a.auditItemId)) p.done++;
      if (a.flagged) p.flagged++;
      p.activeMs += a.activeMs;
      if (n > 0 && a.activeMs > 0) (times.get(a.userId) ?? times.set(a.userId, []).get(a.userId)!).push(a.activeMs);
    }
    if (a.lastActivityAt && (!p.lastActivityAt || a.lastActivityAt > p.lastActivityAt)) p.lastActivityAt = a.lastActivityAt;
    people.set(a.userId, p);
  }
  for (const [userId, list] of times)
    people.get(userId)!.medianActiveMs = quantile(
      list.sort((x, y) => x - y),
      0.5,
    );
  // The same R1…Rn as the reports: active raters by the audit's stored order, else account creation.
  const accounts = new Map(assignments.filter((a) => a.active).map((a) => [a.userId, { userId: a.userId, createdAt: a.user.createdAt }]));
  orderRaters([...accounts.values()], storedRaterOrder(audit.raterOrder)).forEach((id, i) => (people.get(id)!.label = `R${i + 1}`));
  const clinicians = [...people.values()].sort((x, y) => x.name.localeCompare(y.name));
  const assigned = clinicians.reduce((n, c) => n + c.assigned, 0);
  const done = clinicians.reduce((n, c) => n + c.done, 0);
  const flagged = clinicians.reduce((n, c) => n + c.flagged, 0);
  // What the raters want discussed, by item (sample order), with who flagged it.
  const byItem = new Map<string, { externalId: string; sampleOrder: number; by: string[] }>();
  for (const a of assignments) {
    if (!a.active || !a.flagged) continue;
    const entry = byItem.get(a.auditItemId) ?? { externalId: a.auditItem.item.externalId, sampleOrder: a.auditItem.sampleOrder, by: [] };
    entry.by.push(a.user.name);
    byItem.set(a.auditItemId, entry);
  }
  const flaggedItems = [...byItem.values()].sort((x, y) => x.sampleOrder - y.sampleOrder).map((e) => ({ ...e, by: e.by.sort() }));
  return { clinicians, assigned, done, flagged, flaggedItems };
}
