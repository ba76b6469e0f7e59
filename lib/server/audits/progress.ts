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
  // Flat rows, with the raters and the flagged items read apart (joins, not per-row nesting): at a
  // full review's 14,000 assignments the nested rows cost most of this function's time. The
  // assignments first: every rater and item they name is there to be read after them.
  const assignments = await db.assignment.findMany({
    where: { auditId },
    select: { id: true, auditItemId: true, userId: true, active: true, lastActivityAt: true, flagged: true, activeMs: true },
  });
  const [users, flaggedRows, needed, rated] = await Promise.all([
    db.user.findMany({ where: { assignments: { some: { auditId } } }, select: { id: true, name: true, email: true, createdAt: true } }),
    db.auditItem.findMany({
      where: { auditId, assignments: { some: { flagged: true } } },
      select: { id: true, sampleOrder: true, item: { select: { externalId: true } } },
    }),
    expectedRatings(db, parseRubric(audit.rubric), auditId),
    db.rating.groupBy({
      by: ["assignmentId"],
      where: { assignment: { auditId }, category: { not: null } },
      _count: { _all: true },
    }),
  ]);
  const user = new Map(users.map((u) => [u.id, u]));
  const flaggedItem = new Map(flaggedRows.map((i) => [i.id, i]));
  const ratedBy = new Map(rated.map((r) => [r.assignmentId, r._count._all]));
  const people = new Map<string, ClinicianProgress>();
  const times = new Map<string, number[]>();
  for (const a of assignments) {
    const account = user.get(a.userId);
    // An account removed since the assignments were read (with them, by cascade): not counted.
    if (!account) continue;
    const p = people.get(a.userId) ?? {
      userId: a.userId,
      label: null,
      name: account.name,
      email: account.email,
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
  const accounts = new Map(
    assignments.flatMap((a) => {
      const account = user.get(a.userId);
      return a.active && account ? [[a.userId, { userId: a.userId, createdAt: account.createdAt }] as const] : [];
    }),
  );
  orderRaters([...accounts.values()], storedRaterOrder(audit.raterOrder)).forEach((id, i) => (people.get(id)!.label = `R${i + 1}`));
  const clinicians = [...people.values()].sort((x, y) => x.name.localeCompare(y.name));
  const assigned = clinicians.reduce((n, c) => n + c.assigned, 0);
  const done = clinicians.reduce((n, c) => n + c.done, 0);
  const flagged = clinicians.reduce((n, c) => n + c.flagged, 0);
  // What the raters want discussed, by item (sample order), with who flagged it.
  const byItem = new Map<string, { externalId: string; sampleOrder: number; by: string[] }>();
  for (const a of assignments) {
    if (!a.active || !a.flagged) continue;
    const item = flaggedItem.get(a.auditItemId);
    const account = user.get(a.userId);
    // Unflagged (or its account removed) since the assignments were read: the next reading has it right.
    if (!item || !account) continue;
    const entry = byItem.get(a.auditItemId) ?? { externalId: item.item.externalId, sampleOrder: item.sampleOrder, by: [] };
    entry.by.push(account.name);
    byItem.set(a.auditItemId, entry);
  }
  const flaggedItems = [...byItem.values()].sort((x, y) => x.sampleOrder - y.sampleOrder).map((e) => ({ ...e, by: e.by.sort() }));
  return { clinicians, assigned, done, flagged, flaggedItems };
}
