/**
 * npm run bench [-- --quick] [-- --only case,viewer,…] [-- --port 3201] [-- --keep]
 *
 * Runs every benchmark, each beside its baseline measured in this same invocation, and prints
 * ONE table: benchmark | measured | baseline | ratio | target | met?  It is also written to
 * bench/results/latest.json (--quick: quick.json, --only: partial.json). Not part of `npm test`.
 * See bench/README.md for what each row measures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAppBenches, type AppSettings } from "./app/run-app";
import { benchPostgresUrl, runPairBenches } from "./app/run-pair";
import { benchUpload } from "./app/upload";
import { benchCorrected } from "./corrected/bench";
import { runRaterFlow } from "./rater-flow/run";
import { runReviewFull } from "./review-full/run";
import { BENCHMARKS, parseBenchArgs, USAGE, UsageError, type BenchKey, type BenchOptions } from "./lib/args";
import {
  agreementResultSchema,
  bootstrapResultSchema,
  fhirImportResultSchema,
  importResultSchema,
  parseLastJsonLine,
} from "./lib/child-json";
import { installCleanup, onCleanup, runTracked } from "./lib/processes";
import { agreementRows, bootstrapRows, fhirImportRows, importRows } from "./lib/script-rows";
import { pgImportRows } from "./lib/pg-rows";
import { failedRow, formatTable, type BenchRow } from "./lib/table";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Settings {
  /** undefined: the full size (976 patients, 1,500 items). */
  patients?: number;
  seed: string;
  importRuns: number;
  /** undefined: the scripts' own defaults. */
  scriptRuns?: number;
  app: AppSettings;
}

const FULL: Settings = {
  seed: "full-1",
  importRuns: 3,
  app: {
    perClinician: 100,
    case: { clinicians: 20, perWorker: 5, rounds: 3 },
    viewer: { loads: 7 },
    saves: { raters: 100, savesPerRater: 20, pairs: 10, thinkMs: 2000 },
  },
};
const QUICK: Settings = {
  patients: 120,
  seed: "quick-1",
  importRuns: 1,
  scriptRuns: 1,
  app: {
    perClinician: 20,
    case: { clinicians: 20, perWorker: 2, rounds: 1 },
    viewer: { loads: 3 },
    saves: { raters: 100, savesPerRater: 4, pairs: 4, thinkMs: 2000 },
  },
};

const say = (s: string) => process.stderr.write(`${s}\n`);

/** A bench script run as `tsx <script> …args --json`; its log is shown indented. */
async function script(file: string, args: string[]): Promise<string> {
  const r = await runTracked(process.execPath, ["--import", "tsx", file, ...args, "--json"], { cwd: ROOT, echo: "    " });
  if (r.code !== 0) throw new Error(`${file} exited with ${r.code}: ${r.stderr.trim().split("\n").slice(-2).join(" / ")}`);
  return r.stdout;
}

/** The synthetic EHR benchmark from the project's own generator (`clinaudit generate`). */
async function generateInput(dir: string, s: Settings): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const args = [
    "bin/clinaudit.mjs",
    "generate",
    "--kind",
    "ehr",
    "--size",
    "full",
    "--seed",
    s.seed,
    "--jsonl",
    "--out",
    dir,
    ...(s.patients ? ["--patients", String(s.patients)] : []),
  ];
  say(`generating the input: clinaudit ${args.slice(1).join(" ")}`);
  const r = await runTracked(process.execPath, args, { cwd: ROOT, echo: "    " });
  if (r.code !== 0) throw new Error(`clinaudit generate failed: ${r.stderr.trim()}`);
}

async function guarded(key: BenchKey, label: string, target: string, f: () => Promise<BenchRow[]>): Promise<BenchRow[]> {
  say(`\n== ${key}`);
  try {
    return await f();
  } catch (error) {
    say(`   ${key} failed: ${(error as Error).message}`);
    return [failedRow(key, label, target, error)];
  }
}

async function main(o: BenchOptions): Promise<BenchRow[]> {
  const s = o.quick ? QUICK : FULL;
  const runs = s.scriptRuns ? ["--runs", String(s.scriptRuns)] : [];
  const rows: BenchRow[] = [];
  if (o.only.has("agreement"))
    rows.push(
      ...(await guarded("agreement", "agreement report", "—", async () =>
        agreementRows(parseLastJsonLine("bench/agreement.ts", await script("bench/agreement.ts", runs), agreementResultSchema)),
      )),
    );
  if (o.only.has("bootstrap"))
    rows.push(
      ...(await guarded("bootstrap", "cluster bootstrap and whole report, B = 10,000", "≤ numpy", async () =>
        bootstrapRows(parseLastJsonLine("bench/bootstrap.ts", await script("bench/bootstrap.ts", runs), bootstrapResultSchema)),
      )),
    );

  if (o.only.has("fhir-import")) {
    const sized = s.patients ? ["--patients", String(s.patients)] : [];
    rows.push(
      ...(await guarded("fhir-import", "FHIR NDJSON import", "≤ 500 MB", async () =>
        fhirImportRows(
          parseLastJsonLine("bench/fhir-import.ts", await script("bench/fhir-import.ts", [...sized, ...runs]), fhirImportResultSchema),
        ),
      )),
    );
  }
  const needsInput = ["import", "bundle", "import-pg", "upload", "case", "viewer", "saves", "corrected", "pair"].some((k) =>
    o.only.has(k as BenchKey),
  );
  const inputDir = path.join(ROOT, "data", `bench-input-${s.seed}`);
  const dataDir = path.join(ROOT, "data", "bench-app");
  const removeDirs = () => {
    for (const d of [
      inputDir,
      dataDir,
      path.join(ROOT, "data", "bench-corrected"),
      ...["a", "b", "world"].map((k) => path.join(ROOT, "data", `bench-pair-${k}`)),
    ])
      fs.rmSync(d, { recursive: true, force: true });
  };
  // Also on Ctrl-C, where the finally below does not run.
  if (!o.keep) onCleanup(removeDirs);
  try {
    if (needsInput) await generateInput(inputDir, s);
    const input = s.patients ? `${s.patients} patients (quick)` : "full size";
    if (o.only.has("import")) {
      rows.push(
        ...(await guarded("import", `import, ${input}`, "≤ 2× raw load", async () => {
          // bench/import.ts belongs to the importer's owner; without its --json flag it would run for minutes and print no result line.
          if (!fs.readFileSync(path.join(ROOT, "bench/import.ts"), "utf8").includes('"--json"'))
            throw new Error("bench/import.ts has no --json flag (yet): no machine-readable result to read");
          const out = await script("bench/import.ts", ["--from", inputDir, "--runs", String(s.importRuns)]);
          return importRows(parseLastJsonLine("bench/import.ts", out, importResultSchema), s.importRuns, input);
        })),
      );
    }
    if (o.only.has("import-pg")) {
      rows.push(
        ...(await guarded("import-pg", `PostgreSQL import, ${input}`, "≤ 2× raw COPY", async () => {
          if (!benchPostgresUrl()) throw new Error("no PostgreSQL: set BENCH_POSTGRES_URL to a URL whose user may create databases");
          const out = await script("bench/import-pg.ts", ["--from", inputDir, "--runs", String(s.importRuns)]);
          return pgImportRows(parseLastJsonLine("bench/import-pg.ts", out, importResultSchema), s.importRuns, input);
        })),
      );
    }
    if (o.only.has("upload"))
      rows.push(
        ...(await guarded("upload", `web upload, ${input}`, "≤ 500 MB peak RSS", () =>
          benchUpload(inputDir, o.port, path.join(ROOT, "data", "bench-upload")),
        )),
      );
    if (o.only.has("bundle")) {
      rows.push(
        ...(await guarded("bundle", `bundle import, ${input}`, "≤ 2× raw load, ≤ 500 MB", async () => {
          const out = await script("bench/import.ts", ["--from", inputDir, "--runs", String(s.importRuns), "--layout", "bundle"]);
          return importRows(parseLastJsonLine("bench/import.ts", out, importResultSchema), s.importRuns, input);
        })),
      );
    }
    if (o.only.has("corrected"))
      rows.push(
        ...(await guarded("corrected", `corrected downloads, ${input}`, "≤ 2 s first byte, ≤ 10 s all", () =>
          benchCorrected(inputDir, o.port, path.join(ROOT, "data", "bench-corrected")),
        )),
      );
    if (["case", "viewer", "saves"].some((k) => o.only.has(k as BenchKey))) {
      say("\n== app: case page, viewer, saves");
      rows.push(...(await runAppBenches(o.only, o.port, inputDir, dataDir, s.app)));
    }
    if (o.only.has("pair")) {
      say("\n== pair: two instances on PostgreSQL behind a balancer");
      rows.push(...(await runPairBenches(o.port, inputDir, path.join(ROOT, "data", "bench-pair"), s.app)));
    }
    if (o.only.has("review-full")) {
      say("\n== review-full: full-review audits on SQLite (and PostgreSQL with BENCH_POSTGRES_URL)");
      rows.push(...(await runReviewFull(o.port, o.keep)));
    }
    if (o.only.has("rater-flow")) {
      say("\n== rater-flow: n → next case interactive, 20 raters in Chromium");
      rows.push(...(await guarded("rater-flow", "rater flow", "p95 ≤ 100 ms", () => runRaterFlow(o.port, o.keep))));
    }
  } finally {
    if (!o.keep) removeDirs();
  }
  return rows;
}

function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    loadAvg: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}

let options: BenchOptions | "help";
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`bench: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === "help") {
  process.stdout.write(USAGE);
  process.exit(0);
}
installCleanup();
const started = new Date();
const before = machine();
say(
  `ClinAudit benchmarks (${options.quick ? "QUICK smoke run: small input, few samples — not the published figures" : "full"}): node ${before.node}, ${before.cpus} × ${before.cpuModel}, load average ${before.loadAvg.join(" ")}`,
);
const rows = await main(options);
const after = machine();
const elapsed = (Date.now() - started.getTime()) / 1000;
const title = `ClinAudit benchmarks, ${options.quick ? "quick smoke run" : "full run"}, ${started.toISOString().slice(0, 16).replace("T", " ")} UTC; ${before.cpus} CPUs (${before.cpuModel}), node ${before.node}; load average ${before.loadAvg[0]} at start, ${after.loadAvg[0]} at end; ${elapsed.toFixed(0)} s`;
process.stdout.write(`\n${title}\n\n${formatTable(rows)}\n`);
// latest.json is the full table the README quotes: a quick or partial run never overwrites it.
const partial = options.only.size < BENCHMARKS.length;
const out = path.join(ROOT, "bench", "results", `${options.quick ? "quick" : partial ? "partial" : "latest"}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ generatedAt: started.toISOString(), mode: options.quick ? "quick" : "full", only: [...options.only], elapsedSeconds: Math.round(elapsed), machine: { ...before, loadAvgEnd: after.loadAvg }, rows }, null, 2)}\n`,
);
process.stdout.write(`\nwritten to ${path.relative(ROOT, out)}\n`);
process.exit(rows.some((r) => r.measured === "not measured") ? 1 : 0);
