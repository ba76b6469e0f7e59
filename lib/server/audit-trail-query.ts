import "server-only";
import type { Db } from "../db/client";
import { csvRecord } from "../csv";
import { resolveTrailNames } from "./audit-trail-names";

export const TRAIL_TABLE = {
  sortable: ["at"],
  filterIds: ["entity"],
  defaultSort: { id: "at", desc: true },
} as const;

export interface TrailQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort?: { id: string; desc: boolean };
  filters: Record<string, string>;
}

function where(q: Pick<TrailQuery, "search" | "filters">) {
  const term = q.search?.trim();
  return {
    ...(q.filters.entity ? { entity: q.filters.entity } : {}),
    ...(term
      ? { OR: [{ action: { contains: term } }, { entityId: { contains: term } }, { actor: { email: { contains: term.toLowerCase() } } }] }
      : {}),
  };
}

const SELECT = {
  id: true,
  at: true,
  action: true,
  entity: true,
  entityId: true,
  before: true,
  after: true,
  actor: { select: { name: true, email: true } },
} as const;

/** The append-only trail, newest first, for admins. */
export async function listTrail(db: Db, q: TrailQuery) {
  const w = where(q);
  const [rows, total, entities] = await Promise.all([
    db.auditEvent.findMany({
      where: w,
      orderBy: [{ at: q.sort?.desc === false ? "asc" : "desc" }, { id: "asc" }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      select: SELECT,
    }),
    db.auditEvent.count({ where: w }),
    db.auditEvent.groupBy({ by: ["entity"], _count: { _all: true }, orderBy: { entity: "asc" } }),
  ]);
  const names = await resolveTrailNames(db, rows);
  const json = (value: unknown) => (value === null ? "" : JSON.stringify(value));
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor ? `${r.actor.name} <${r.actor.email}>` : "system",
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      subject: names.subjectOf(r),
      // As stored (ids), for the tooltip; and as read (names).
      before: json(r.before),
      after: json(r.after),
      beforeText: json(names.readable(r.before)),
      afterText: json(names.readable(r.after)),
    })),
    total,
    entities: entities.map((e) => ({ value: e.entity, count: e._count._all })),
  };
}

/** Every event matching the filters, oldest first, in batches (for the CSV export). */
export async function* trailBatches(db: Db, q: Pick<TrailQuery, "search" | "filters">) {
  let cursor: string | undefined;
  for (;;) {
    const batch = await db.auditEvent.findMany({
      where: where(q),
      orderBy: { id: "asc" },
      take: 1000,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: SELECT,
    });
    if (batch.length === 0) return;
    yield batch;
    cursor = batch.at(-1)!.id;
  }
}

/**
 * The CSV export of the (filtered) trail: a header, then one chunk of lines per batch. The raw
 * columns stay as they were; the names of the record and of the ids in before/after follow.
 */
export async function* trailCsv(db: Db, q: Pick<TrailQuery, "search" | "filters">): AsyncGenerator<string> {
  yield csvRecord(["at", "actor", "action", "entity", "entity_id", "before", "after", "entity_name", "names"]);
  for await (const batch of trailBatches(db, q)) {
    const names = await resolveTrailNames(db, batch);
    const json = (value: unknown) => (value === null ? "" : JSON.stringify(value));
    yield batch
      .map((e) => {
        const subject = names.subjectOf(e);
        const referenced = names.namesIn(e);
        return csvRecord([
          e.at.toISOString(),
          e.actor?.email ?? "system",
          e.action,
          e.entity,
          e.entityId,
          json(e.before),
          json(e.after),
          subject ? Object.values(subject).join(" · ") : "",
          Object.keys(referenced).length ? JSON.stringify(referenced) : "",
        ]);
      })
      .join("");
  }
}
