/**
 * Import from FHIR R4 NDJSON beside the JSONL import of the same histories (bench row
 * `fhir-import`).
 *
 *   npx tsx bench/fhir-import.ts [--patients N] [--runs R] [--thread-heap MB | --in-process] [--queue] [--keep] [--json]
 *
 * Input: generated here with `generateEhr` (seed "bench-1", full size, N patients; default 976)
 * in both layouts from the same records: patients.jsonl + instances.jsonl, and FHIR NDJSON
 * (one file per resource type, as `clinaudit generate --format fhir` writes it) +
 * instances.jsonl citing the resources. Each run imports each layout as `clinaudit import` does,
 * in a fresh child process and SQLite file: in an import thread whose heap is capped at
 * CLINAUDIT_IMPORT_HEAP_MB (default 320; --thread-heap MB sets it), the peak RSS the whole
 * process's, the thread's heap included. --in-process: `importDataset` in the child's own thread,
 * uncapped (as `clinaudit import` ran before 2026-12-04). --queue: through the in-process job
 * queue, as an upload's import on SQLite (which then starts the next idle thread). Wall time
 * excludes start-up and migrations, and for FHIR includes compiling the R4 schema (reported
 * apart). Peak RSS is the child's maxRSS. Medians over R runs (default 1: a full FHIR import is long).
 *
 * --json: the last stdout line is
 *   {"rows":N,"jsonl":{"wallMs":..,"peakRssMb":..},"fhir":{"wallMs":..,"peakRssMb":..,"compileMs":..},"ratio":..,"inputMb":{"jsonl":..,"fhir":..},"mode":"in-process" or {"threadHeapMb":..,"queue":..}}
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadEnv } from "../lib/env";

const SELF = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

interface Measurement {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  rows: number;
  compileMs?: number;
}

async function child(dir: string, file: string): Promise<Measurement> {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const { applyMigrations } = await import("../lib/db/migrate");
  await applyMigrations({ provider: "sqlite", url: `file:${file}`, file });
  const { createDb } = await import("../lib/db/client");
  const inProcess = args.includes("--in-process");
  // The importer's modules are loaded in this thread only when it imports here (the CLI's is idle).
  const stats = inProcess
    ? (await import("../lib/formats/fhir/validator")).fhirValidatorStats
    : () => ({ compiled: 0, loadMs: 0, compileMs: 0 });
  const db = createDb(`file:${file}`);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const names = fs.readdirSync(dir).sort();
  const outcome = inProcess
    ? await (async () => {
        const { importDataset } = await import("../lib/server/datasets/import-dataset");
        const { openFile } = await import("../lib/server/datasets/open-file");
        return importDataset(
          db,
          null,
          names.map((f) => openFile(path.join(dir, f))),
        );
      })()
    : await inThread(db, Number(flag("--thread-heap") ?? loadEnv().CLINAUDIT_IMPORT_HEAP_MB), dir, names);
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  await db.$disconnect();
  if (outcome.status !== "imported") throw new Error(`import ${outcome.status}: ${JSON.stringify(outcome).slice(0, 800)}`);
  const c = outcome.counts;
  const compiled = stats();
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb: 0,
    rows: 1 + c.patients + c.events + c.notes + c.items,
    ...(compiled.compiled > 0 ? { compileMs: compiled.loadMs + compiled.compileMs } : {}),
  };
}

/** The import as `clinaudit import` runs it (or, --queue, as an upload's on SQLite): in a thread capped at `heapMb`. */
async function inThread(db: import("../lib/db/client").Db, heapMb: number, dir: string, names: string[]) {
  const files = names.map((name) => ({ path: path.join(dir, name), name }));
  type Outcome = Awaited<ReturnType<typeof import("../lib/server/datasets/import-dataset").importDataset>>;
  if (args.includes("--queue")) {
    const { cappedJobs } = await import("../lib/server/jobs/capped");
    const { inProcessQueue } = await import("../lib/server/jobs/in-process");
    const queue = inProcessQueue(cappedJobs(heapMb), db);
    return (await queue.wait("dataset-import", await queue.enqueue("dataset-import", { actorId: null, files }))) as Outcome;
  }
  const { importInThread } = await import("../lib/server/jobs/import-thread/client");
  return importInThread(heapMb, { spare: false })({ actorId: null, files }, { jobId: "bench", db, progress: () => {} });
}

async function generate(jsonlDir: string, fhirDir: string, patients: number): Promise<void> {
  const { generateEhr } = await import("../lib/synth/ehr/generate");
  const { fhirLines } = await import("../lib/synth/fhir/files");
  const p = fs.openSync(path.join(jsonlDir, "patients.jsonl"), "w");
  const q = fs.openSync(path.join(jsonlDir, "instances.jsonl"), "w");
  const fq = fs.openSync(path.join(fhirDir, "instances.jsonl"), "w");
  const sinks = new Map<string, number>();
  for (const rec of generateEhr({ seed: "bench-1", size: "full", patients })) {
    fs.writeSync(p, `${JSON.stringify(rec.patient)}\n`);
    for (const inst of rec.instances) fs.writeSync(q, `${JSON.stringify(inst)}\n`);
    const { byType, instances } = fhirLines(rec);
    for (const [type, lines] of byType) {
      let fd = sinks.get(type);
      if (fd === undefined) sinks.set(type, (fd = fs.openSync(path.join(fhirDir, `${type}.ndjson`), "w")));
      fs.writeSync(fd, `${lines.join("\n")}\n`);
    }
    for (const line of instances) fs.writeSync(fq, `${line}\n`);
  }
  for (const fd of [p, q, fq, ...sinks.values()]) fs.closeSync(fd);
}

const dirMb = (d: string) => fs.readdirSync(d).reduce((s, f) => s + fs.statSync(path.join(d, f)).size, 0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function runChild(dir: string, db: string, extra: string[] = []): Measurement {
  const r = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", SELF, "--child", "--dir", dir, "--db", db, ...extra],
    {
      encoding: "utf8",
      maxBuffer: 1 << 26,
    },
  );
  if (r.status !== 0) throw new Error(`child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop() as string) as Measurement;
}

async function main(): Promise<void> {
  if (args.includes("--child")) {
    const m = await child(flag("--dir")!, flag("--db")!);
    m.peakRssMb = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(`${JSON.stringify(m)}\n`);
    return;
  }
  const patients = Number(flag("--patients") ?? 976);
  const runs = Number(flag("--runs") ?? 1);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-bench-fhir-"));
  const jsonlDir = path.join(work, "jsonl");
  const fhirDir = path.join(work, "fhir");
  fs.mkdirSync(jsonlDir);
  fs.mkdirSync(fhirDir);
  const t = performance.now();
  await generate(jsonlDir, fhirDir, patients);
  const inputMb = { jsonl: Math.round(dirMb(jsonlDir) * 10) / 10, fhir: Math.round(dirMb(fhirDir) * 10) / 10 };
  console.log(
    `generated ${patients} patients in ${((performance.now() - t) / 1000).toFixed(1)} s: JSONL ${inputMb.jsonl} MB, FHIR NDJSON ${inputMb.fhir} MB (${fs.readdirSync(fhirDir).length} files); load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  const results: Record<"jsonl" | "fhir", Measurement[]> = { jsonl: [], fhir: [] };
  for (let r = 0; r < runs; r++)
    for (const kind of ["jsonl", "fhir"] as const) {
      const heap = flag("--thread-heap");
      const mode = [...(heap ? ["--thread-heap", heap] : []), ...["--in-process", "--queue"].filter((f) => args.includes(f))];
      const m = runChild(kind === "jsonl" ? jsonlDir : fhirDir, path.join(work, `${kind}.db`), mode);
      results[kind].push(m);
      console.log(
        `run ${r + 1} ${kind.padEnd(5)} ${(m.wallMs / 1000).toFixed(1).padStart(6)} s (CPU ${(m.cpuMs / 1000).toFixed(1)} s)  ${m.rows} rows  peak RSS ${m.peakRssMb.toFixed(0)} MB${m.compileMs ? `  (schema load + compile ${(m.compileMs / 1000).toFixed(1)} s)` : ""}`,
      );
    }
  const rows = new Set([...results.jsonl, ...results.fhir].map((m) => m.rows));
  if (rows.size !== 1) throw new Error(`the layouts imported different row counts: ${[...rows].join(", ")}`);
  const med = (kind: "jsonl" | "fhir", k: keyof Measurement) => median(results[kind].map((m) => (m[k] as number) ?? 0));
  const ratio = med("fhir", "wallMs") / med("jsonl", "wallMs");
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}; FHIR / JSONL: ${ratio.toFixed(2)}×`,
  );
  if (!args.includes("--keep")) fs.rmSync(work, { recursive: true, force: true });
  if (args.includes("--json")) {
    const s = (kind: "jsonl" | "fhir") => ({
      wallMs: Math.round(med(kind, "wallMs")),
      peakRssMb: Math.round(med(kind, "peakRssMb") * 10) / 10,
    });
    console.log(
      JSON.stringify({
        rows: [...rows][0],
        jsonl: s("jsonl"),
        fhir: { ...s("fhir"), compileMs: Math.round(med("fhir", "compileMs")) },
        ratio: Math.round(ratio * 1000) / 1000,
        inputMb,
        mode: args.includes("--in-process")
          ? "in-process"
          : { threadHeapMb: Number(flag("--thread-heap") ?? loadEnv().CLINAUDIT_IMPORT_HEAP_MB), queue: args.includes("--queue") },
      }),
    );
  }
}

await main();
