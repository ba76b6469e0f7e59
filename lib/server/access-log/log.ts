import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { pruneDue, retentionCutoff, writeWithOneRetry, type AccessEventInput } from "../../access-log/events";
import { rowWriter } from "../datasets/row-writer";
import { log } from "../log";
import { GroupCommit, type Settled } from "../review/group-commit";

/**
 * The access log's write path: a view hands its event to an in-memory buffer and goes on; the
 * buffer writes what gathered in one insert transaction per batch (at most every second, or at once
 * when 200 wait), retries a failed batch once, logs and drops it after that — a page never waits
 * for, nor fails with, its log. One buffer per database client, like the rating group commit.
 */
const buffers = new WeakMap<Db, GroupCommit<AccessEventInput, void>>();
const lastPrune = new WeakMap<Db, Date>();
const live = new Set<GroupCommit<AccessEventInput, void>>();

function buffer(db: Db): GroupCommit<AccessEventInput, void> {
  let b = buffers.get(db);
  if (!b) {
    const write = async (batch: AccessEventInput[]): Promise<Settled<void>[]> => {
      await writeWithOneRetry(
        batch.map(row),
        (data) => insert(db, data),
        (err, attempt, rows) =>
          log()[attempt === 1 ? "warn" : "error"](
            { err, scope: "access-log", attempt, rows },
            attempt === 1 ? "access log flush failed, retrying" : "access log flush failed twice: events dropped",
          ),
      );
      await pruneIfDue(db);
      return batch.map((): Settled<void> => ({ ok: true, value: undefined }));
    };
    b = new GroupCommit(write, { maxBatch: 200, windowMs: 1000, flushAt: 200, unref: true });
    buffers.set(db, b);
    live.add(b);
    onShutdown();
  }
  return b;
}

/** One transaction of prepared (SQLite) or multi-row (PostgreSQL) inserts: the import's row writer. */
async function insert(db: Db, rows: ReturnType<typeof row>[]): Promise<void> {
  await db.$transaction(async (tx) => {
    const writer = rowWriter(db, tx);
    for (const r of rows) await writer.add("AccessEvent", r);
    await writer.flushAll();
  });
}

function row(e: AccessEventInput) {
  return {
    id: randomUUID(),
    at: e.at,
    userId: e.userId,
    action: e.action,
    patient: e.patient,
    itemExternalId: e.itemExternalId ?? null,
    datasetId: e.datasetId ?? null,
    auditId: e.auditId ?? null,
    itemId: e.itemId ?? null,
    auditItemId: e.auditItemId ?? null,
    detail: e.detail ?? null,
    address: e.address,
  };
}

/** Records one access: queued, written with the next batch. Costs a push, never a query. */
export function recordAccess(db: Db, event: Omit<AccessEventInput, "at"> & { at?: Date }): void {
  buffer(db)
    .submit({ ...event, at: event.at ?? new Date() })
    .catch(() => {}); // the writer logs its failures; nothing waits on this
}

/** Writes every queued event now (shutdown, tests, the admin page before it reads). */
export async function flushAccessLog(db: Db): Promise<void> {
  await buffers.get(db)?.flush();
}

/** Deletes the rows past retention (CLINAUDIT_ACCESS_LOG_DAYS): the log's only delete. */
export async function pruneAccessLog(db: Db, now = new Date(), days = env().CLINAUDIT_ACCESS_LOG_DAYS): Promise<number> {
  const { count } = await db.accessEvent.deleteMany({ where: { at: { lt: retentionCutoff(now, days) } } });
  if (count > 0) log().info({ scope: "access-log", count, days }, "access log rows past retention pruned");
  return count;
}

/** Prunes from the flush path, at most once a day per process (a missed day just waits a flush). */
async function pruneIfDue(db: Db, now = new Date()): Promise<void> {
  if (!pruneDue(lastPrune.get(db) ?? null, now)) return;
  lastPrune.set(db, now);
  await pruneAccessLog(db, now).catch((err) => log().error({ err, scope: "access-log" }, "access log prune failed"));
}

let hooked = false;
/** On SIGTERM/SIGINT (Next closes the server first, then exits) and on a quiet exit, write what waits. */
function onShutdown(): void {
  if (hooked) return;
  hooked = true;
  const flushAll = () => Promise.all([...live].map((b) => b.flush())).catch(() => {});
  // Once, then the signal again when nobody else handles it: a listener alone would keep the
  // process alive (Node's default exit on SIGTERM/SIGINT applies only without listeners).
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      void flushAll().finally(() => {
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    });
  process.on("beforeExit", () => void flushAll());
}

/** A download that carries many patients' record text: the audit it covers and what it held. */
export function recordDownload(
  db: Db,
  viewer: { userId: string; address: string | null },
  action: "download.corrected" | "download.backup" | "download.package" | "download.triage",
  covers: { auditId?: string; datasetId?: string; detail: Record<string, string | number> },
): void {
  recordAccess(db, {
    ...viewer,
    action,
    patient: null,
    auditId: covers.auditId ?? null,
    datasetId: covers.datasetId ?? null,
    detail: JSON.stringify(covers.detail),
  });
}
