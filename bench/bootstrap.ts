/**
 * Timing of the patient-clustered bootstrap (lib/evaluation) at report scale, beside NumPy
 * in the same invocation: B = 10,000 replicates over 1,500 synthetic cases from 976
 * patients, then the whole evaluation report (3 models x 5 scopes, B = 10,000).
 * Run: npx tsx bench/bootstrap.ts [--runs N] [--engine-1] [--json]
 *   --engine-1  also time the whole report with engine 1 (every statistic its own draws; tens of seconds)
 *   --json      as `npm run bench` calls it: one JSON line (BootstrapResult, bench/lib/child-json.ts) after the log
 *
 * Rows:
 *   one bootstrap, engine 2 (PRNG spec v2, packed sums) and engine 1 (spec v1 nextInt), against
 *     NumPy's ordinary clustered bootstrap (B x P index matrix, fancy-indexed sums);
 *   the whole report, engine 2, against NumPy with the draws shared by every statistic (one
 *     B x P count matrix times the per-patient sums of every statistic: bench/baselines/bootstrap_numpy.py).
 * NumPy runs when `python3 -c "import numpy"` works; otherwise the log and the JSON say so.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { syntheticCases } from "../lib/evaluation/__fixtures__/synthetic-cases";
import { clusterBootstrap } from "../lib/evaluation/cluster-bootstrap";
import { modelScopeSeed } from "../lib/evaluation/bootstrap-settings";
import type { EvalDataset } from "../lib/evaluation/eval-dataset";
import { parsePredictions } from "../lib/evaluation/predictions";
import { buildEvaluationReport } from "../lib/evaluation/report";
import { casesByPair } from "../lib/evaluation/report-cases";
import { reportPatients, sharedClusterBootstrap } from "../lib/evaluation/shared-report";
import { syntheticPredictionsCsv } from "../lib/synth/predictions";
import type { BootstrapResult } from "./lib/child-json";
import { median } from "./lib/stats";

const B = 10_000;
const LEVEL = 0.95;
const args = process.argv.slice(2);
const RUNS = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 5;
if (!(Number.isInteger(RUNS) && RUNS > 0)) throw new Error("--runs needs a positive whole number");

/** Median wall time (ms) of `runs` calls after one warm-up call. */
function time(f: () => unknown, runs = RUNS): { median: number; all: number[] } {
  f();
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    all.push(performance.now() - t0);
  }
  return { median: median(all), all };
}

const cases = syntheticCases(1500, 976);
const patients = new Set(cases.map((c) => c.patientId)).size;
const seed = modelScopeSeed("bench-model", "full-ehr");

const engine2 = time(() => sharedClusterBootstrap(cases, { seed, replicates: B, level: LEVEL }));
const engine1 = time(() => clusterBootstrap(cases, { seed, replicates: B }));
const a = sharedClusterBootstrap(cases, { seed, replicates: B, level: LEVEL }).replicates;
const b = sharedClusterBootstrap(cases, { seed, replicates: B, level: LEVEL }).replicates;
const repeatable = Buffer.from(a.buffer).equals(Buffer.from(b.buffer));

// The whole report's input: the synthetic benchmark and 15 pairs of synthetic predictions.
const dataset: EvalDataset = {
  family: "ehr-decision-mcq",
  format: "ehr-decision-mcq-json",
  checksum: "bench",
  name: "bench",
  patients,
  items: cases.map((c) => ({
    kind: "mcq",
    id: c.caseId,
    patientId: c.patientId,
    options: ["A", "B", "C", "D"],
    gold: "A",
    chapter: c.chapter as string,
    level: c.level as string,
    decisionPoint: c.decisionPoint as number,
  })),
};
const parsed = await parsePredictions({ name: "bench.csv", chunks: [syntheticPredictionsCsv(dataset, { seed: "bench" })] }, dataset);
if (!parsed.ok) throw new Error("synthetic predictions did not parse");
const set = { checksum: "bench", ...parsed.predictions };
const pairs = set.models.length * set.scopes.length;
const reportRuns = Math.max(1, Math.min(RUNS, 3));
const report2 = time(() => buildEvaluationReport(dataset, set, { replicates: B }), reportRuns);
const report1 = args.includes("--engine-1") ? time(() => buildEvaluationReport(dataset, set, { replicates: B, engine: 1 }), 1) : null;

const numpy = numpyBaselines();

const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(`node ${process.version}, ${cases.length} cases, ${patients} patients, B = ${B}, median of ${RUNS} runs (after 1 warm-up)`);
console.log(
  `  one bootstrap, engine 2 (spec v2 draws, packed sums)   ${ms(engine2.median)}   runs: ${engine2.all.map((x) => x.toFixed(0)).join(", ")}`,
);
console.log(`  one bootstrap, engine 1 (spec v1 nextInt)              ${ms(engine1.median)}`);
console.log(`  whole report, engine 2, ${pairs} pairs (median of ${reportRuns})       ${ms(report2.median)}`);
if (report1) console.log(`  whole report, engine 1 (1 run)                         ${ms(report1.median)}`);
if (numpy.ok) {
  console.log(
    `  numpy ${numpy.version}: one bootstrap ${ms(median(numpy.oneMs))}, whole report with shared draws ${ms(median(numpy.reportMs))} (medians of ${numpy.oneMs.length})`,
  );
  console.log(
    `  ratio engine 2 / numpy: one bootstrap ${(engine2.median / median(numpy.oneMs)).toFixed(2)}, whole report ${(report2.median / median(numpy.reportMs)).toFixed(2)}`,
  );
} else console.log(`  numpy baseline not run: ${numpy.reason}`);
console.log(`  replicates bit-for-bit repeatable: ${repeatable}`);
if (args.includes("--json")) {
  const result: BootstrapResult = {
    cases: cases.length,
    patients,
    replicates: B,
    runs: RUNS,
    pairs,
    sharedMs: engine2.median,
    engine1Ms: engine1.median,
    reportMs: report2.median,
    reportEngine1Ms: report1?.median ?? null,
    numpy: numpy.ok ? { version: numpy.version, oneMs: median(numpy.oneMs), reportMs: median(numpy.reportMs) } : null,
    numpyMissing: numpy.ok ? null : numpy.reason,
    repeatable,
  };
  console.log(JSON.stringify(result));
}

type NumpyResult = { ok: true; version: string; oneMs: number[]; reportMs: number[] } | { ok: false; reason: string };

/** bench/baselines/bootstrap_numpy.py on the same cases and pairs, when NumPy is installed. */
function numpyBaselines(): NumpyResult {
  const probe = spawnSync("python3", ["-c", "import numpy"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0)
    return { ok: false, reason: `python3 -c "import numpy" failed (${probe.error?.message ?? probe.stderr.trim().split("\n").at(-1)})` };
  const universe = reportPatients(dataset);
  const index = new Map(universe.map((id, i) => [id, i]));
  const byPatient = new Map<string, [number, number]>();
  for (const c of cases) {
    const s = byPatient.get(c.patientId) ?? [0, 0];
    byPatient.set(c.patientId, [s[0] + (c.correct ? 1 : 0), s[1] + 1]);
  }
  const pairCases = casesByPair(dataset, set);
  const pairIndex = new Map(pairCases.map((p, i) => [`${p.model}\u0000${p.scope}`, i]));
  const codes = (values: string[]) => values.map((v) => [...new Set(values)].sort().indexOf(v));
  const spec = {
    runs: RUNS,
    replicates: B,
    level: LEVEL,
    patients: universe.length,
    one: { correct: universe.map((id) => byPatient.get(id)?.[0] ?? 0), total: universe.map((id) => byPatient.get(id)?.[1] ?? 0) },
    pairs: pairCases.map((p) => {
      const firstDp = new Map<string, number>();
      for (const c of p.cases) firstDp.set(c.patientId, Math.min(firstDp.get(c.patientId) ?? Infinity, c.decisionPoint as number));
      return {
        patient: p.cases.map((c) => index.get(c.patientId)),
        correct: p.cases.map((c) => (c.correct ? 1 : 0)),
        chapter: codes(p.cases.map((c) => c.chapter as string)),
        level: codes(p.cases.map((c) => c.level as string)),
        later: p.cases.map((c) => (c.decisionPoint === firstDp.get(c.patientId) ? 0 : 1)),
      };
    }),
    // Every scope against the first, same model (all pairs predicted every item).
    deltas: pairCases
      .filter((p) => p.scope !== set.scopes[0])
      .map((p) => [pairIndex.get(`${p.model}\u0000${p.scope}`), pairIndex.get(`${p.model}\u0000${set.scopes[0]}`)]),
  };
  const script = path.join(import.meta.dirname, "baselines", "bootstrap_numpy.py");
  const r = spawnSync("python3", [script], { input: JSON.stringify(spec), encoding: "utf8", maxBuffer: 1 << 24 });
  if (r.status !== 0) return { ok: false, reason: `bootstrap_numpy.py failed: ${r.stderr.trim().split("\n").at(-1)}` };
  const out = JSON.parse(r.stdout.trim().split("\n").at(-1) as string) as { numpy: string; oneMs: number[]; reportMs: number[] };
  return { ok: true, version: out.numpy, oneMs: out.oneMs, reportMs: out.reportMs };
}
