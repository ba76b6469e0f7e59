/**
 * Import into PostgreSQL beside a raw COPY of the same rows.
 *
 *   npx tsx bench/import-pg.ts --from DIR [--postgres ADMIN_URL] [--runs R] [--json]
 *
 * DIR holds patients.jsonl + instances.jsonl (`clinaudit generate --jsonl`). ADMIN_URL (default
 * BENCH_POSTGRES_URL, else TEST_POSTGRES_URL) is a PostgreSQL URL whose user may create
 * databases: every run gets a fresh database (migrations applied with lib/db/migrate.ts, as the
 * app does), dropped afterwards.
 *
 *   baseline  the same rows (rows.ts mappers over the same files, encoded once beforehand into
 *             one COPY text file per table, outside the timing) loaded with pg-copy-streams from
 *             those files in one transaction: no parsing, no validation, no Prisma;
 *   import    `importDataset` exactly as `clinaudit import` calls it (COPY on its transaction).
 *
 * Each in a fresh child process; wall time excludes start-up and migrations; peak RSS is the
 * child's maxRSS. Medians over R runs (default 3).
 * --json: the last stdout line is {"rows":N,"baseline":{wallMs,peakRssMb},"import":{…},"ratio":…,"layout":"jsonl"}.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { english } from "../lib/i18n/domain";

const SELF = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const TABLES = ["Patient", "EhrEvent", "Item"] as const;

interface Measurement {
  wallMs: number;
  cpuMs: number;
  rows: number;
  peakRssMb: number;
  /** import only: checksum, validation (pass 1), writing (pass 2 + COPY), from onProgress */
  phasesMs?: [number, number, number];
}

async function countRows(url: string): Promise<number> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let n = 0;
  for (const t of ["Dataset", "Patient", "EhrEvent", "Note", "Item"])
    n += Number((await client.query(`SELECT count(*) AS n FROM "${t}"`)).rows[0].n);
  await client.end();
  return n;
}

/** The rows of the JSONL pair as COPY text files (one per table), as the importer would encode them. */
async function prepare(dir: string, out: string): Promise<void> {
  const { readJsonl } = await import("../lib/formats/jsonl");
  const { ehrPatientFromWire, instanceFromWire } = await import("../lib/formats/map-ehr");
  const { eventRow, itemRow, patientRow } = await import("../lib/server/datasets/rows");
  const { copyRow } = await import("../lib/server/datasets/copy-writer");
  const { openFile } = await import("../lib/server/datasets/open-file");
  const { decodeUtf8 } = await import("../lib/formats/checksum");
  const text = (f: string) => decodeUtf8(openFile(path.join(dir, f)).openBytes!());
  const fds = Object.fromEntries(TABLES.map((t) => [t, fs.openSync(path.join(out, `${t}.copy`), "w")])) as Record<
    (typeof TABLES)[number],
    number
  >;
  const ids = new Map<string, string>();
  let position = 0;
  for await (const e of readJsonl(text("patients.jsonl"))) {
    if (!e.ok) throw new Error(english(e.error));
    const p = ehrPatientFromWire(e.value as Parameters<typeof ehrPatientFromWire>[0]);
    const row = patientRow("bench", p, position++);
    ids.set(p.patientId, row.id);
    fs.writeSync(fds.Patient, copyRow("Patient", row));
    let lines = "";
    for (const [i, ev] of (p.events ?? []).entries()) lines += copyRow("EhrEvent", eventRow(row.id, ev, i));
    fs.writeSync(fds.EhrEvent, lines);
  }
  position = 0;
  for await (const e of readJsonl(text("instances.jsonl"))) {
    if (!e.ok) throw new Error(english(e.error));
    const it = instanceFromWire(e.value as Parameters<typeof instanceFromWire>[0]);
    fs.writeSync(fds.Item, copyRow("Item", itemRow("bench", ids.get(it.patientId)!, it, position++)));
  }
  for (const fd of Object.values(fds)) fs.closeSync(fd);
}

async function childBaseline(copyDir: string, url: string): Promise<Measurement> {
  const { default: pg } = await import("pg");
  const { from: copyFrom } = await import("pg-copy-streams");
  const { pipeline } = await import("node:stream/promises");
  const { COLUMNS } = await import("../lib/server/datasets/row-writer");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO "Dataset" ("id","name","version","family","format","checksum","meta","patientCount","itemCount","eventCount","noteCount","timeZone") VALUES ('bench','bench',1,'ehr-decision-mcq','ehr-decision-mcq-jsonl','bench','{}',0,0,0,0,'UTC')`,
  );
  for (const t of TABLES)
    await pipeline(
      fs.createReadStream(path.join(copyDir, `${t}.copy`), { highWaterMark: 64 * 1024 }),
      client.query(copyFrom(`COPY "${t}" (${COLUMNS[t].list}) FROM STDIN`)),
    );
  await client.query("COMMIT");
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  await client.end();
  return { wallMs, cpuMs: (used.user + used.system) / 1000, rows: await countRows(url), peakRssMb: 0 };
}

async function childImport(dir: string, url: string): Promise<Measurement> {
  const { createDb } = await import("../lib/db/client");
  const { importDataset } = await import("../lib/server/datasets/import-dataset");
  const { openFile } = await import("../lib/server/datasets/open-file");
  const db = createDb(url);
  await db.$connect();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let reading = 0;
  let writing = 0;
  const outcome = await importDataset(
    db,
    null,
    ["patients.jsonl", "instances.jsonl"].map((f) => openFile(path.join(dir, f))),
    {
      onProgress: (p) => {
        if ("phase" in p) writing ||= performance.now();
        else reading ||= performance.now();
      },
    },
  );
  const wallMs = performance.now() - t0;
  const phasesMs: [number, number, number] = [reading - t0, writing - reading, t0 + wallMs - writing];
  const used = process.cpuUsage(cpu0);
  await db.$disconnect();
  if (outcome.status !== "imported") throw new Error(`import ${outcome.status}: ${JSON.stringify(outcome).slice(0, 500)}`);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, rows: await countRows(url), peakRssMb: 0, phasesMs };
}

/** A fresh, migrated database on the admin URL's server; returns its URL and a dropper. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const { applyMigrations } = await import("../lib/db/migrate");
  const name = `clinaudit_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  await applyMigrations({ provider: "postgres", url: u.toString() });
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function runChild(kind: string, ...rest: string[]): Measurement {
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", SELF, "--child", kind, ...rest], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`${kind} child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop() as string) as Measurement;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const child = flag("--child");
  if (child) {
    let m: Measurement | undefined;
    if (child === "prepare") await prepare(flag("--dir")!, flag("--out")!);
    else m = child === "baseline" ? await childBaseline(flag("--dir")!, flag("--db")!) : await childImport(flag("--dir")!, flag("--db")!);
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(`${JSON.stringify({ ...(m ?? { wallMs: 0, cpuMs: 0, rows: 0 }), peakRssMb })}\n`);
    return;
  }
  const dir = flag("--from");
  const adminUrl = flag("--postgres") ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (!dir) throw new Error("--from DIR is required (patients.jsonl + instances.jsonl)");
  if (!adminUrl) throw new Error("no PostgreSQL: pass --postgres URL or set BENCH_POSTGRES_URL");
  const runs = Number(flag("--runs") ?? 3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-bench-pg-"));
  try {
    runChild("prepare", "--dir", dir, "--out", work);
    const mb = TABLES.map((t) => fs.statSync(path.join(work, `${t}.copy`)).size).reduce((a, b) => a + b, 0) / 1e6;
    console.log(
      `COPY files prepared: ${mb.toFixed(1)} MB; ${runs} run(s); node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const results: Record<"baseline" | "import", Measurement[]> = { baseline: [], import: [] };
    for (let r = 0; r < runs; r++) {
      for (const kind of ["baseline", "import"] as const) {
        const database = await freshDatabase(adminUrl);
        try {
          const m = runChild(kind, "--dir", kind === "baseline" ? work : dir, "--db", database.url);
          results[kind].push(m);
          console.log(
            `run ${r + 1} ${kind.padEnd(8)} ${(m.wallMs / 1000).toFixed(1).padStart(6)} s (CPU ${(m.cpuMs / 1000).toFixed(1)} s)  ${m.rows} rows  peak RSS ${m.peakRssMb.toFixed(0)} MB${m.phasesMs ? ` (checksum ${(m.phasesMs[0] / 1000).toFixed(1)} s, validation ${(m.phasesMs[1] / 1000).toFixed(1)} s, writing ${(m.phasesMs[2] / 1000).toFixed(1)} s)` : ""}`,
          );
        } finally {
          await database.drop();
        }
      }
    }
    const counts = new Set([...results.baseline, ...results.import].map((m) => m.rows));
    if (counts.size !== 1) throw new Error(`baseline and import wrote different row counts: ${[...counts].join(", ")}`);
    const med = (kind: "baseline" | "import", k: "wallMs" | "cpuMs" | "peakRssMb") => median(results[kind].map((m) => m[k]));
    const ratio = med("import", "wallMs") / med("baseline", "wallMs");
    console.log(
      `median of ${runs}: import ${(med("import", "wallMs") / 1000).toFixed(1)} s, raw COPY ${(med("baseline", "wallMs") / 1000).toFixed(1)} s → ${ratio.toFixed(2)}×; peak RSS import ${med("import", "peakRssMb").toFixed(0)} MB`,
    );
    if (args.includes("--json")) {
      const summary = (kind: "baseline" | "import") => ({
        wallMs: Math.round(med(kind, "wallMs")),
        cpuMs: Math.round(med(kind, "cpuMs")),
        peakRssMb: Math.round(med(kind, "peakRssMb") * 10) / 10,
      });
      console.log(
        JSON.stringify({
          rows: results.import[0]!.rows,
          baseline: summary("baseline"),
          import: summary("import"),
          ratio: Math.round(ratio * 1000) / 1000,
          layout: "jsonl",
        }),
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
