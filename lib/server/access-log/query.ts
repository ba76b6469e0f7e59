import "server-only";
import type { Db } from "../../db/client";
import { dayRange, type AccessFilters } from "../../access-log/events";
import { csvRecord } from "../../csv";
import { flushAccessLog } from "./log";

export const ACCESS_TABLE = { sortable: ["at"], defaultSort: { id: "at", desc: true } } as const;

function where(f: AccessFilters) {
  const at = dayRange(f);
  return {
    ...(f.userId ? { userId: f.userId } : {}),
    ...(f.patient ? { patient: f.patient } : {}),
    ...(at.gte || at.lt ? { at } : {}),
  };
}

const SELECT = {
  id: true,
  at: true,
  userId: true,
  action: true,
  patient: true,
  itemExternalId: true,
  datasetId: true,
  auditId: true,
  detail: true,
  address: true,
} as const;

/** Names by user id (the log keeps ids only, so it outlives renames); unknown ids stay ids. */
async function people(db: Db, ids: string[]) {
  const users = await db.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true, email: true } });
  return new Map(users.map((u) => [u.id, u]));
}

/**
 * One page of the log, newest first, with the people who appear in it for the user filter. What
 * this process still buffers is written first, so an admin sees the views of a second ago.
 */
export async function listAccess(db: Db, q: { page: number; pageSize: number; sort?: { id: string; desc: boolean } }, f: AccessFilters) {
  await flushAccessLog(db);
  const w = where(f);
  const [rows, total, who] = await Promise.all([
    db.accessEvent.findMany({
      where: w,
      orderBy: [{ at: q.sort?.desc === false ? "asc" : "desc" }, { id: "asc" }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      select: SELECT,
    }),
    db.accessEvent.count({ where: w }),
    db.accessEvent.groupBy({ by: ["userId"], _count: { _all: true } }),
  ]);
  const names = await people(db, [...rows.map((r) => r.userId), ...who.map((w) => w.userId)]);
  const label = (id: string) => {
    const u = names.get(id);
    return u ? `${u.name} <${u.email}>` : id;
  };
  return {
    rows: rows.map((r) => ({ ...r, at: r.at.toISOString(), user: label(r.userId) })),
    total,
    users: who
      .map((w) => ({ value: w.userId, label: label(w.userId), count: w._count._all }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** Every matching event, oldest first, as CSV in batches (formulas neutralised by lib/csv). */
export async function* accessCsv(db: Db, f: AccessFilters): AsyncGenerator<string> {
  await flushAccessLog(db);
  yield csvRecord(["at", "user_email", "user_name", "user_id", "action", "patient", "item", "dataset_id", "audit_id", "detail", "address"]);
  let cursor: { at: Date; id: string } | undefined;
  for (;;) {
    const batch = await db.accessEvent.findMany({
      where: { AND: [where(f), ...(cursor ? [{ OR: [{ at: { gt: cursor.at } }, { at: cursor.at, id: { gt: cursor.id } }] }] : [])] },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      take: 1000,
      select: SELECT,
    });
    if (batch.length === 0) return;
    const names = await people(
      db,
      batch.map((e) => e.userId),
    );
    yield batch
      .map((e) =>
        csvRecord([
          e.at.toISOString(),
          names.get(e.userId)?.email ?? "",
          names.get(e.userId)?.name ?? "",
          e.userId,
          e.action,
          e.patient,
          e.itemExternalId,
          e.datasetId,
          e.auditId,
          e.detail,
          e.address,
        ]),
      )
      .join("");
    const last = batch.at(-1)!;
    cursor = { at: last.at, id: last.id };
  }
}
