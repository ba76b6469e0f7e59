import "server-only";
import { createHash } from "node:crypto";
import { parseRubric } from "../../audits/rubric";
import { inBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { processWide } from "../../process-wide";
import { expectedRatings } from "./expected-ratings";
import { type QueueItem, queueStatus } from "./queue-status";

/** What a queue is read for: the audit's fields that decide what "done" needs. */
export interface QueueAudit {
  id: string;
  rubric: unknown;
  sampleSize: number;
}

/** The rater's ratings of one assignment: how many, how many with a category, their versions' sum. */
interface Tally {
  ratings: number;
  rated: number;
  versions: number;
}

/** One rater's queue in one audit as last read, and what it was read at. */
interface Entry {
  /** The rater's QueueStamp and the audit's rubric and sample: all equal, nothing changed. */
  stamp: string | null;
  /** Rubric, sample, and the rater's active assignments (count, positions, latest assigned). */
  shape: string;
  items: readonly QueueItem[];
  at: Map<string, number>;
  tallies: Map<string, Tally>;
  /** Sums of the tallies: every save increments a rating's version, so a change missed shows here. */
  ratings: number;
  versions: number;
  latestRating: number;
  latestActivity: number;
  flagged: number;
  commented: number;
}

/** Queues kept (a rater in one audit each): a full review's is ~5,000 rows, ~1 MB. */
const KEPT_QUEUES = 32;
/** How far back a catch-up looks before the last change it saw: clocks of app servers differ. */
const CLOCK_SLACK_MS = 5 * 60_000;
const kept = processWide("kept-queues", () => new Map<string, Entry>());

/**
 * A rater's whole queue in one audit, in their review order, each item with its status; read
 * whole once, then kept and brought up to date from what changed since (the rater's own saves,
 * flags and comments touch a few rows), so that a full review's case page and queue cost the same
 * as a 100-item audit's. The rater's QueueStamp (a counter the database's triggers keep) tells in
 * one read that nothing changed; when it moved, aggregates tell what, and a catch-up that does
 * not add up to them (a change it missed) falls back to a whole read. Scoped to the rater's rows.
 */
export async function keptQueue(db: Db, userId: string, audit: QueueAudit): Promise<readonly QueueItem[]> {
  const key = `${userId}:${audit.id}`;
  const entry = kept.get(key);
  // Read before the rows: a write after it shows as a moved stamp next time.
  const counter = await db.queueStamp.findUnique({ where: { userId_auditId: { userId, auditId: audit.id } }, select: { changes: true } });
  const stamp = counter && `${counter.changes}:${rubricHash(audit.rubric)}:${audit.sampleSize}`;
  if (stamp !== null && entry?.stamp === stamp) {
    kept.delete(key);
    kept.set(key, entry);
    return entry.items;
  }
  const where = { userId, auditId: audit.id, active: true };
  const [assignments, flagged, commented, ratings] = await Promise.all([
    db.assignment.aggregate({
      where,
      _count: { _all: true },
      _sum: { reviewPosition: true },
      _max: { assignedAt: true, lastActivityAt: true },
    }),
    db.assignment.count({ where: { ...where, flagged: true } }),
    db.assignment.count({ where: { ...where, comment: { not: "" } } }),
    db.rating.aggregate({ where: { assignment: where }, _count: { _all: true }, _sum: { version: true }, _max: { updatedAt: true } }),
  ]);
  const now = {
    stamp,
    shape: [
      rubricHash(audit.rubric),
      audit.sampleSize,
      assignments._count._all,
      assignments._sum.reviewPosition ?? 0,
      assignments._max.assignedAt?.getTime() ?? 0,
    ].join(":"),
    ratings: ratings._count._all,
    versions: ratings._sum.version ?? 0,
    latestRating: ratings._max.updatedAt?.getTime() ?? 0,
    latestActivity: assignments._max.lastActivityAt?.getTime() ?? 0,
    flagged,
    commented,
  };
  let next: Entry | null = null;
  if (entry?.shape === now.shape) {
    const unchanged = (["ratings", "versions", "latestRating", "latestActivity", "flagged", "commented"] as const).every(
      (k) => entry[k] === now[k],
    );
    next = unchanged ? entry : await catchUp(db, where, audit, entry, now);
  }
  next ??= await readWhole(db, where, audit, now);
  kept.delete(key);
  kept.set(key, next);
  if (kept.size > KEPT_QUEUES) kept.delete(kept.keys().next().value!);
  return next.items;
}

const rubricHash = (rubric: unknown) => createHash("sha256").update(JSON.stringify(rubric)).digest("hex").slice(0, 12);

type Scope = { userId: string; auditId: string; active: boolean };
type Now = Pick<Entry, "stamp" | "shape" | "ratings" | "versions" | "latestRating" | "latestActivity" | "flagged" | "commented">;

/** Ids of the assignments in `where` the rater commented on (saving a comment stamps lastActivityAt). */
async function commentedIds(db: Db, where: object): Promise<Set<string>> {
  const rows = await db.assignment.findMany({ where: { ...where, comment: { not: "" } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

/** Tallies of the given assignments' ratings. */
async function tallies(db: Db, where: Scope, ids?: string[]): Promise<Map<string, Tally>> {
  const read = (filter: object) =>
    db.rating.groupBy({ by: ["assignmentId"], where: filter, _count: { _all: true, category: true }, _sum: { version: true } });
  // The whole queue by a grouped join (a list of every id would bind one parameter each); a few by id.
  const groups = ids ? await inBatches(ids, (batch) => read({ assignmentId: { in: batch } })) : await read({ assignment: where });
  return new Map(groups.map((g) => [g.assignmentId, { ratings: g._count._all, rated: g._count.category, versions: g._sum.version ?? 0 }]));
}

async function readWhole(db: Db, where: Scope, audit: QueueAudit, now: Now): Promise<Entry> {
  const [byAssignment, assignments, needed, withComment] = await Promise.all([
    tallies(db, where),
    db.assignment.findMany({
      where,
      select: {
        id: true,
        lastActivityAt: true,
        reviewPosition: true,
        flagged: true,
        auditItemId: true,
        auditItem: {
          select: {
            sampleOrder: true,
            item: {
              select: {
                externalId: true,
                chapter: true,
                level: true,
                decisionPoint: true,
                kind: true,
                patient: { select: { externalId: true } },
              },
            },
          },
        },
      },
    }),
    expectedRatings(db, parseRubric(audit.rubric), audit.id),
    commentedIds(db, where),
  ]);
  const items = assignments.map(
    ({
      auditItem: {
        item: { patient, ...item },
        ...auditItem
      },
      ...a
    }): QueueItem => ({
      assignmentId: a.id,
      auditItemId: a.auditItemId,
      sampleOrder: auditItem.sampleOrder,
      position: 0,
      ...item,
      patient: patient.externalId,
      status: queueStatus(byAssignment.get(a.id)?.rated ?? 0, needed(a.auditItemId)),
      flagged: a.flagged,
      commented: withComment.has(a.id),
      lastActivityAt: a.lastActivityAt,
      orderKey: a.reviewPosition ?? auditItem.sampleOrder,
    }),
  );
  items.sort((x, y) => x.orderKey - y.orderKey || x.sampleOrder - y.sampleOrder);
  items.forEach((item, i) => (item.position = i + 1));
  // Sums as read: a save between the aggregates and this read shows as a mismatch next time.
  const sums = [...byAssignment.values()].reduce((s, t) => ({ ratings: s.ratings + t.ratings, versions: s.versions + t.versions }), {
    ratings: 0,
    versions: 0,
  });
  return { ...now, ...sums, items, at: new Map(items.map((item, i) => [item.assignmentId, i])), tallies: byAssignment };
}

/**
 * The kept queue brought up to `now` from the rows touched since it was read (ratings saved,
 * flags, comments and corrections stamp lastActivityAt), or null when the result does not add up
 * to the aggregates (then the caller reads it whole).
 */
async function catchUp(db: Db, where: Scope, audit: QueueAudit, entry: Entry, now: Now): Promise<Entry | null> {
  const since = new Date(Math.min(entry.latestRating, entry.latestActivity) - CLOCK_SLACK_MS);
  const [rated, active, needed, withComment] = await Promise.all([
    db.rating.groupBy({ by: ["assignmentId"], where: { assignment: where, updatedAt: { gte: since } } }),
    db.assignment.findMany({
      where: { ...where, lastActivityAt: { gte: since } },
      select: { id: true, flagged: true, lastActivityAt: true },
    }),
    expectedRatings(db, parseRubric(audit.rubric), audit.id),
    commentedIds(db, { ...where, lastActivityAt: { gte: since } }),
  ]);
  const activity = new Map(active.map((a) => [a.id, a]));
  const ids = [...new Set([...rated.map((r) => r.assignmentId), ...activity.keys()])];
  if (ids.some((id) => !entry.at.has(id))) return null;
  const fresh = await tallies(db, where, ids);
  const items = [...entry.items];
  const byAssignment = new Map(entry.tallies);
  let { ratings, versions } = entry;
  for (const id of ids) {
    const before = byAssignment.get(id) ?? { ratings: 0, rated: 0, versions: 0 };
    const after = fresh.get(id) ?? { ratings: 0, rated: 0, versions: 0 };
    ratings += after.ratings - before.ratings;
    versions += after.versions - before.versions;
    byAssignment.set(id, after);
    const i = entry.at.get(id)!;
    const item = items[i]!;
    const touched = activity.get(id);
    items[i] = {
      ...item,
      status: queueStatus(after.rated, needed(item.auditItemId)),
      ...(touched ? { flagged: touched.flagged, commented: withComment.has(id), lastActivityAt: touched.lastActivityAt } : {}),
    };
  }
  if (ratings !== now.ratings || versions !== now.versions) return null;
  if (items.filter((i) => i.flagged).length !== now.flagged) return null;
  if (items.filter((i) => i.commented).length !== now.commented) return null;
  return { ...now, items, at: entry.at, tallies: byAssignment };
}
