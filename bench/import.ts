/**
 * Import throughput and memory on the synthetic EHR benchmark (ehr-decision-mcq JSONL layout).
 *
 *   npx tsx bench/import.ts [--patients N] [--runs R] [--from DIR] [--layout jsonl|bundle] [--keep] [--json]
 *
 * Input: by default generated in this invocation with `generateEhr` (seed "bench-1", full
 * size, N patients; default 976 = the published size) into a temp folder as patients.jsonl +
 * instances.jsonl; `--from DIR` reads DIR/patients.jsonl + DIR/instances.jsonl instead (e.g.
 * the /tmp/full folder of `clinaudit generate --size full --jsonl`).
 * `--layout bundle`: the import reads the same records as one ehr-decision-mcq JSON bundle,
 * written once per invocation from the JSONL pair (records byte for byte as in the JSONL
 * lines, so it is the same data); the baseline still loads the JSONL pair.
 *
 * Each run measures, in fresh child processes and fresh SQLite files (migrations applied with
 * lib/db/migrate.ts, as the app does):
 *   baseline  the same rows (rows.ts mappers over the same files) inserted with raw
 *             better-sqlite3 prepared statements in one transaction: no validation, no Prisma;
 *   import    `importDataset` exactly as `clinaudit import` calls it.
 * Wall time excludes process start-up and migrations; peak RSS is the child's maxRSS (the
 * kernel's high-water mark, what GNU time reports). Medians over R runs (default 3). CPU time
 * (user + system of the child over the same span) is printed too: on a shared machine it is
 * steadier than wall time.
 *
 * --json: after the human-readable lines, the last stdout line is one JSON object (medians):
 *   {"rows":N,"baseline":{"wallMs":..,"peakRssMb":..},"import":{"wallMs":..,"peakRssMb":..},"ratio":..,"layout":"jsonl"|"bundle"}
 * where ratio = import wallMs / baseline wallMs.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { childBaseline, countRows, cpuSince, freshDb, type Measurement } from "./import-baseline";

const SELF = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const BUNDLE = "ehr-decision-mcq.json";

/** The JSONL pair as one bundle, streamed (each JSONL line is a record as it stands). */
async function writeBundle(dir: string, out: string): Promise<void> {
  const { readLines } = await import("../lib/formats/jsonl");
  const fd = fs.openSync(out, "w");
  fs.writeSync(fd, '{"format":"ehr-decision-mcq","format_version":"1.0","dataset":{"name":"bench"}');
  for (const key of ["patients", "instances"]) {
    fs.writeSync(fd, `,"${key}":[`);
    let first = true;
    for await (const { text } of readLines(fs.createReadStream(path.join(dir, `${key}.jsonl`), { encoding: "utf8" }))) {
      if (text.trim() === "") continue;
      fs.writeSync(fd, first ? text : `,${text}`);
      first = false;
    }
    fs.writeSync(fd, "]");
  }
  fs.writeSync(fd, "}\n");
  fs.closeSync(fd);
}

async function childImport(dir: string, file: string): Promise<Measurement> {
  await freshDb(file);
  const { createDb } = await import("../lib/db/client");
  const { importDataset } = await import("../lib/server/datasets/import-dataset");
  const { openFile } = await import("../lib/server/datasets/open-file");
  const db = createDb(`file:${file}`);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let reading = 0;
  let writing = 0;
  const inputs = fs.existsSync(path.join(dir, BUNDLE)) ? [BUNDLE] : ["patients.jsonl", "instances.jsonl"];
  const outcome = await importDataset(
    db,
    null,
    inputs.map((f) => openFile(path.join(dir, f))),
    {
      onProgress: (p) => {
        if ("phase" in p) writing ||= performance.now();
        else reading ||= performance.now();
      },
    },
  );
  const wallMs = performance.now() - t0;
  const cpuMs = cpuSince(cpu0);
  await db.$disconnect();
  if (outcome.status !== "imported") throw new Error(`import ${outcome.status}: ${JSON.stringify(outcome).slice(0, 500)}`);
  const phasesMs: [number, number, number] = [reading - t0, writing - reading, t0 + wallMs - writing];
  return { wallMs, cpuMs, rows: await countRows(file), peakRssMb: 0, phasesMs };
}

/** Streams the generator's output to disk, one patient at a time (as `clinaudit generate --jsonl`). */
async function generate(dir: string, patients: number): Promise<void> {
  const { generateEhr } = await import("../lib/synth/ehr/generate");
  const p = fs.openSync(path.join(dir, "patients.jsonl"), "w");
  const q = fs.openSync(path.join(dir, "instances.jsonl"), "w");
  for (const rec of generateEhr({ seed: "bench-1", size: "full", patients })) {
    fs.writeSync(p, `${JSON.stringify(rec.patient)}\n`);
    for (const inst of rec.instances) fs.writeSync(q, `${JSON.stringify(inst)}\n`);
  }
  fs.closeSync(p);
  fs.closeSync(q);
}

function runChild(kind: "baseline" | "import", dir: string, db: string): Measurement {
  // The import child reads the bundle when there is one in its folder.
  // react-server: the server modules guard themselves with `server-only` (as bin/clinaudit.mjs does).
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", SELF, "--child", kind, "--dir", dir, "--db", db], {
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
    const m = child === "baseline" ? await childBaseline(flag("--dir")!, flag("--db")!) : await childImport(flag("--dir")!, flag("--db")!);
    m.peakRssMb = process.resourceUsage().maxRSS / 1024; // KiB → MiB
    process.stdout.write(`${JSON.stringify(m)}\n`);
    return;
  }
  const runs = Number(flag("--runs") ?? 3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-bench-"));
  let dir = flag("--from");
  if (!dir) {
    const patients = Number(flag("--patients") ?? 976);
    dir = work;
    const t = performance.now();
    await generate(dir, patients);
    console.log(`generated ${patients} patients in ${((performance.now() - t) / 1000).toFixed(1)} s → ${dir}`);
  }
  const layout = flag("--layout") ?? "jsonl";
  if (layout !== "jsonl" && layout !== "bundle") throw new Error(`--layout: "${layout}" is neither jsonl nor bundle`);
  // The import child reads whatever is in its folder: the JSONL pair, or the bundle made of it.
  let importDir = dir;
  if (layout === "bundle") {
    importDir = path.join(work, "bundle");
    fs.mkdirSync(importDir, { recursive: true });
    await writeBundle(dir, path.join(importDir, BUNDLE));
  }
  const size = (d: string, f: string) => (fs.statSync(path.join(d, f)).size / 1e6).toFixed(1);
  const inputs =
    layout === "bundle"
      ? `${BUNDLE} ${size(importDir, BUNDLE)} MB`
      : `patients.jsonl ${size(dir, "patients.jsonl")} MB, instances.jsonl ${size(dir, "instances.jsonl")} MB`;
  console.log(`input: ${inputs}; ${runs} run(s); node ${process.version}, ${os.cpus().length} CPUs`);
  const results: Record<"baseline" | "import", Measurement[]> = { baseline: [], import: [] };
  for (let r = 0; r < runs; r++) {
    for (const kind of ["baseline", "import"] as const) {
      const m = runChild(kind, kind === "import" ? importDir : dir, path.join(work, `${kind}.db`));
      results[kind].push(m);
      const s = (ms: number) => (ms / 1000).toFixed(1);
      const [c, v, w] = m.phasesMs ?? [];
      const extra =
        m.insertMs !== undefined
          ? `, of which statement.run ${s(m.insertMs)} s`
          : m.phasesMs
            ? ` (checksum ${s(c!)} s, validation ${s(v!)} s, writing ${s(w!)} s)`
            : "";
      console.log(
        `run ${r + 1} ${kind.padEnd(8)} ${s(m.wallMs).padStart(6)} s (CPU ${s(m.cpuMs)} s)  ${m.rows} rows  peak RSS ${m.peakRssMb.toFixed(0)} MB${extra}`,
      );
    }
  }
  const counts = new Set([...results.baseline, ...results.import].map((m) => m.rows));
  if (counts.size !== 1) throw new Error(`baseline and import wrote different row counts: ${[...counts].join(", ")}`);
  const med = (kind: "baseline" | "import", k: keyof Measurement) => median(results[kind].map((m) => m[k] as number));
  console.log(`\nmedian of ${runs}:`);
  for (const kind of ["baseline", "import"] as const)
    console.log(
      `  ${kind.padEnd(8)} ${(med(kind, "wallMs") / 1000).toFixed(1).padStart(6)} s (CPU ${(med(kind, "cpuMs") / 1000).toFixed(1)} s)  ${results[kind][0]!.rows} rows  peak RSS ${med(kind, "peakRssMb").toFixed(0)} MB`,
    );
  console.log(`  baseline statement.run alone: ${(med("baseline", "insertMs") / 1000).toFixed(1)} s`);
  const phase = (k: number) => (median(results.import.map((m) => m.phasesMs![k]!)) / 1000).toFixed(1);
  console.log(`  import phases: checksum ${phase(0)} s, validation ${phase(1)} s, writing ${phase(2)} s`);
  const ratio = med("import", "wallMs") / med("baseline", "wallMs");
  console.log(`  import / baseline: ${ratio.toFixed(2)}× (CPU time: ${(med("import", "cpuMs") / med("baseline", "cpuMs")).toFixed(2)}×)`);
  if (!args.includes("--keep")) fs.rmSync(work, { recursive: true, force: true });
  if (args.includes("--json")) {
    const summary = (kind: "baseline" | "import") => ({
      wallMs: Math.round(med(kind, "wallMs")),
      peakRssMb: Math.round(med(kind, "peakRssMb") * 10) / 10,
    });
    const rows = results.import[0]!.rows;
    console.log(
      JSON.stringify({ rows, baseline: summary("baseline"), import: summary("import"), ratio: Math.round(ratio * 1000) / 1000, layout }),
    );
  }
}

await main();
