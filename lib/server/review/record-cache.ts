import "server-only";
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { env } from "../../env";
import { processWide } from "../../process-wide";
import { COMPACT_RECORD_VERSION, compactRecord } from "../../review/compact-record";
import { eventFromRow } from "../datasets/rows";
import { eventViewModel } from "./view-model";
import { log } from "../log";

/**
 * The pre-cutoff record of an MCQ item, built once per item and kept: imported rows never change
 * (a changed file becomes a new dataset) and every rater of an item sees the same record, so the
 * case page need not re-read and re-serialize it per request. Kept in memory (an LRU bounded in
 * bytes) and as a file under the data dir, keyed by item id and COMPACT_RECORD_VERSION, so a
 * new version of the shape rebuilds instead of reading old files.
 *
 * The cutoff is applied where the record is built (the query's `time <= cutoff`), and checked
 * again whenever a record is taken from memory or disk: a record is only handed out with its own
 * item's id, cutoff and latest event time, and never if any of its events is dated after the
 * cutoff. Callers check access (the rater's own assignment) before asking: this module does not.
 */
export interface CachedRecord {
  itemId: string;
  /** The compact record (lib/review/compact-record.ts) as JSON text, ready to send. */
  json: string;
  /** Strong validator of the bytes: version + content hash. */
  etag: string;
  events: number;
}

interface StoredRecord extends CachedRecord {
  v: number;
  cutoff: string;
  /** The latest event instant in the record (ISO), or null for an empty record. */
  latest: string | null;
}

export interface RecordItem {
  id: string;
  patientId: string;
  cutoffTime: Date | null;
}

const MEMORY_BYTES = 64 * 1024 * 1024;
/** One per process, whichever of the chunks that bundle this module asks (lib/process-wide.ts). */
const kept = processWide("record-cache", () => ({
  memory: new Map<string, StoredRecord>(), // insertion order = recency
  bytes: 0,
  building: new Map<string, Promise<StoredRecord>>(),
}));
const { memory, building } = kept;

/** Where record files live: `<data dir>/cache/records/v<version>/`; null keeps them in memory only. */
export function defaultRecordDir(): string {
  return path.resolve(env().CLINAUDIT_DATA_DIR, "cache", "records", `v${COMPACT_RECORD_VERSION}`);
}

export async function caseRecord(db: Db, item: RecordItem, options: { dir?: string | null } = {}): Promise<CachedRecord> {
  if (!item.cutoffTime) throw new Error(`item ${item.id} has no cutoff: it has no pre-cutoff record`);
  const dir = options.dir === undefined ? defaultRecordDir() : options.dir;
  const hit = memory.get(item.id);
  if (hit && valid(hit, item)) {
    memory.delete(item.id);
    memory.set(item.id, hit);
    return hit;
  }
  let pending = building.get(item.id);
  if (!pending) {
    // Concurrent first views of one item share one build.
    pending = (async () => (dir ? readFile(dir, item) : null) ?? write(dir, await build(db, item)))().finally(() =>
      building.delete(item.id),
    );
    building.set(item.id, pending);
  }
  const record = await pending;
  remember(record);
  return record;
}

async function build(db: Db, item: RecordItem): Promise<StoredRecord> {
  const cutoff = item.cutoffTime!;
  // Event times and the cutoff were stored as the instants they denote (rows.ts toInstant), so
  // "at or before the cutoff" is `lte`; later records are never read for a review.
  const rows = await db.ehrEvent.findMany({
    where: { patientId: item.patientId, time: { lte: cutoff } },
    orderBy: [{ time: "asc" }, { position: "asc" }],
    select: { eventId: true, time: true, gaDays: true, visitId: true, type: true, name: true, text: true, data: true },
  });
  const json = JSON.stringify(compactRecord(rows.map((r) => eventViewModel(r.eventId, eventFromRow(r)))));
  const latest = rows.length ? rows[rows.length - 1]!.time.toISOString() : null;
  const etag = `"r${COMPACT_RECORD_VERSION}-${createHash("sha256").update(json).digest("base64url").slice(0, 22)}"`;
  return { v: COMPACT_RECORD_VERSION, itemId: item.id, cutoff: cutoff.toISOString(), latest, json, etag, events: rows.length };
}

function valid(r: StoredRecord, item: RecordItem): boolean {
  return (
    r.v === COMPACT_RECORD_VERSION &&
    r.itemId === item.id &&
    r.cutoff === item.cutoffTime!.toISOString() &&
    (r.latest === null || Date.parse(r.latest) <= item.cutoffTime!.getTime())
  );
}

function readFile(dir: string, item: RecordItem): StoredRecord | null {
  let stored: StoredRecord;
  try {
    stored = JSON.parse(fs.readFileSync(fileOf(dir, item.id), "utf8")) as StoredRecord;
  } catch {
    return null; // missing or unreadable: rebuilt
  }
  return typeof stored?.json === "string" && valid(stored, item) ? stored : null;
}

function write(dir: string | null, record: StoredRecord): StoredRecord {
  if (!dir) return record;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Written whole then renamed: a reader never meets half a file.
    const file = fileOf(dir, record.itemId);
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(record), { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch (error) {
    // A cache that cannot be written costs time, not correctness.
    log().warn({ err: error, scope: "record-cache", itemId: record.itemId }, "could not write the record of an item");
  }
  return record;
}

function fileOf(dir: string, itemId: string): string {
  // Item ids are cuids/UUIDs; anything else is hashed rather than trusted as a file name.
  const name = /^[A-Za-z0-9_-]{1,64}$/.test(itemId) ? itemId : createHash("sha256").update(itemId).digest("hex");
  return path.join(dir, `${name}.json`);
}

function remember(record: StoredRecord): void {
  const old = memory.get(record.itemId);
  if (old) kept.bytes -= old.json.length;
  memory.delete(record.itemId);
  memory.set(record.itemId, record);
  kept.bytes += record.json.length;
  for (const [id, r] of memory) {
    if (kept.bytes <= MEMORY_BYTES || memory.size <= 1) break;
    memory.delete(id);
    kept.bytes -= r.json.length;
  }
}

/** For tests: forget what is held in memory (files stay). */
export function clearRecordMemory(): void {
  memory.clear();
  kept.bytes = 0;
}
