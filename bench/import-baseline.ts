// The baseline of bench/import.ts, run in its child process: the same rows (rows.ts mappers over
// the same files) inserted with raw prepared statements; and what both children measure with.
import fs from "node:fs";
import path from "node:path";
import { english } from "../lib/i18n/domain";

export interface Measurement {
  wallMs: number;
  /** user + system CPU time of the child over the same span as wallMs */
  cpuMs: number;
  rows: number;
  peakRssMb: number;
  /** baseline only: time spent inside statement.run() */
  insertMs?: number;
  /** import only: checksum, validation (pass 1), writing (pass 2 + inserts), from onProgress */
  phasesMs?: [number, number, number];
}

export function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Row count of the four benchmark tables plus the Dataset row. */
export async function countRows(file: string): Promise<number> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file, { readonly: true });
  const n = ["Dataset", "Patient", "EhrEvent", "Note", "Item"].reduce(
    (s, t) => s + (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n,
    0,
  );
  db.close();
  return n;
}

export async function freshDb(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const { applyMigrations } = await import("../lib/db/migrate");
  await applyMigrations({ provider: "sqlite", url: `file:${file}`, file });
}

export async function childBaseline(dir: string, file: string): Promise<Measurement> {
  await freshDb(file);
  const { openSqlite } = await import("../lib/db/migrate");
  const { readJsonl } = await import("../lib/formats/jsonl");
  const { ehrPatientFromWire, instanceFromWire } = await import("../lib/formats/map-ehr");
  const { eventRow, itemRow, patientRow } = await import("../lib/server/datasets/rows");
  const { openFile } = await import("../lib/server/datasets/open-file");
  const { decodeUtf8 } = await import("../lib/formats/checksum");
  // Read and decoded exactly as the importer reads a valid UTF-8 file (bytes → WHATWG decoder).
  const text = (f: string) => decodeUtf8(openFile(path.join(dir, f)).openBytes!());
  type Raw = Parameters<typeof ehrPatientFromWire>[0];
  const db = openSqlite(file);
  // Same encodings as the importer (and Prisma): Json as text, DateTime as ISO with +00:00.
  const val = (v: unknown) =>
    v === undefined || v === null
      ? null
      : v instanceof Date
        ? v.toISOString().replace("Z", "+00:00")
        : typeof v === "object"
          ? JSON.stringify(v)
          : v;
  const prepare = (table: string, columns: string[]) => {
    const st = db.prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    );
    return (row: Record<string, unknown>) => {
      const t = performance.now();
      st.run(columns.map((c) => val(row[c])));
      insertMs += performance.now() - t;
    };
  };
  let insertMs = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  db.exec("BEGIN");
  const datasetId = "bench";
  prepare("Dataset", [
    "id",
    "name",
    "version",
    "family",
    "format",
    "checksum",
    "meta",
    "patientCount",
    "itemCount",
    "eventCount",
    "noteCount",
  ])({
    id: datasetId,
    name: "bench",
    version: 1,
    family: "ehr-decision-mcq",
    format: "ehr-decision-mcq-jsonl",
    checksum: "bench",
    meta: {},
    patientCount: 0,
    itemCount: 0,
    eventCount: 0,
    noteCount: 0,
  });
  const patient = prepare("Patient", ["id", "datasetId", "externalId", "position", "data"]);
  const event = prepare("EhrEvent", [
    "id",
    "patientId",
    "position",
    "eventId",
    "time",
    "gaDays",
    "visitId",
    "type",
    "name",
    "text",
    "data",
  ]);
  const item = prepare("Item", [
    "id",
    "datasetId",
    "patientId",
    "position",
    "kind",
    "externalId",
    "cutoffTime",
    "chapter",
    "level",
    "decisionPoint",
    "ruleId",
    "question",
    "data",
  ]);
  const ids = new Map<string, string>();
  let position = 0;
  for await (const e of readJsonl(text("patients.jsonl"))) {
    if (!e.ok) throw new Error(english(e.error));
    const p = ehrPatientFromWire(e.value as Raw);
    const row = patientRow(datasetId, p, position++);
    ids.set(p.patientId, row.id);
    patient(row);
    (p.events ?? []).forEach((ev, i) => event(eventRow(row.id, ev, i)));
  }
  position = 0;
  for await (const e of readJsonl(text("instances.jsonl"))) {
    if (!e.ok) throw new Error(english(e.error));
    const it = instanceFromWire(e.value as Parameters<typeof instanceFromWire>[0]);
    item(itemRow(datasetId, ids.get(it.patientId)!, it, position++));
  }
  db.exec("COMMIT");
  const wallMs = performance.now() - t0;
  const cpuMs = cpuSince(cpu0);
  db.close();
  return { wallMs, cpuMs, insertMs, rows: await countRows(file), peakRssMb: 0 };
}
