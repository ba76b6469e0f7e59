/**
 * Timing of the patient-clustered bootstrap (lib/evaluation) at report scale:
 * B = 10,000 replicates over 1,500 synthetic cases from 976 patients; then the whole
 * evaluation report (lib/evaluation/report.ts) for 3 models x 5 scopes on the same cases.
 * Run: npx tsx bench/bootstrap.ts [--runs N] [--no-report] [--json]   (--json, as `npm run
 * bench` calls it: no whole report, and one JSON line, BootstrapResult in
 * bench/lib/child-json.ts, after the log)
 *
 * Absolute times depend on the machine, so every figure is printed beside baselines
 * measured in the same invocation: a plain loop summing 15M nextInt draws from the same
 * PRNG (the draws of one ordinary case bootstrap), the ordinary case bootstrap itself,
 * and an extrapolation for the frozen BigInt reference generator.
 */
import { createPrng } from "../lib/sampling/prng";
import { syntheticCases } from "../lib/evaluation/__fixtures__/synthetic-cases";
import { caseBootstrap } from "../lib/evaluation/case-bootstrap";
import { clusterBootstrap, clusterBootstrapReplicates } from "../lib/evaluation/cluster-bootstrap";
import { createFastPrng } from "../lib/evaluation/fast-prng";
import { modelScopeSeed } from "../lib/evaluation/bootstrap-settings";
import type { EvalDataset } from "../lib/evaluation/eval-dataset";
import { parsePredictions } from "../lib/evaluation/predictions";
import { evaluationSteps } from "../lib/evaluation/report";
import { syntheticPredictionsCsv } from "../lib/synth/predictions";
import type { BootstrapResult } from "./lib/child-json";
import { median } from "./lib/stats";

const B = 10_000;
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
const opts = { seed, replicates: B };

const clustered = time(() => clusterBootstrap(cases, opts));
const draws = cases.length * B;
const plainLoop = time(() => {
  const rng = createFastPrng(seed, "bench/plain-loop");
  let s = 0;
  for (let i = 0; i < draws; i++) s += rng.nextInt(cases.length);
  return s;
});
const caseBoot = time(() => caseBootstrap(cases, opts));

// The BigInt reference is ~30x slower; 1M draws are enough to extrapolate.
const refDraws = 1_000_000;
const reference = time(() => {
  const rng = createPrng(seed, "bench/reference");
  let s = 0;
  for (let i = 0; i < refDraws; i++) s += rng.nextInt(patients);
  return s;
}, 3);
const refExtrapolated = (reference.median * (patients * B)) / refDraws;

const a = clusterBootstrapReplicates(cases, opts);
const b = clusterBootstrapReplicates(cases, opts);
const repeatable = Buffer.from(a.buffer).equals(Buffer.from(b.buffer));
const r = clusterBootstrap(cases, opts);

const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(`node ${process.version}, ${cases.length} cases, ${patients} patients, B = ${B}, median of ${RUNS} runs (after 1 warm-up)`);
console.log(`  clustered bootstrap (${(patients * B / 1e6).toFixed(2)}M draws)   ${ms(clustered.median)}   runs: ${clustered.all.map((x) => x.toFixed(0)).join(", ")}`);
console.log(`  baseline: plain loop, ${(draws / 1e6).toFixed(0)}M nextInt   ${ms(plainLoop.median)}`);
console.log(`  baseline: case bootstrap (${(draws / 1e6).toFixed(0)}M draws)    ${ms(caseBoot.median)}`);
const ns = (msTotal: number, n: number) => `${((msTotal * 1e6) / n).toFixed(1)} ns/draw`;
console.log(`  per draw: clustered ${ns(clustered.median, patients * B)}, plain loop ${ns(plainLoop.median, draws)}, case ${ns(caseBoot.median, draws)}`);
console.log(`  ratio clustered / plain loop        ${(clustered.median / plainLoop.median).toFixed(2)}`);
console.log(`  ratio clustered / case bootstrap    ${(clustered.median / caseBoot.median).toFixed(2)}`);
console.log(`  reference BigInt PRNG: ${ms(reference.median)} per 1M draws -> ~${(refExtrapolated / 1000).toFixed(1)} s for this bootstrap (${(refExtrapolated / clustered.median).toFixed(0)}x)`);
console.log(`  replicates bit-for-bit repeatable: ${repeatable}`);
console.log(
  `  result: ${r.accuracy.estimatePp.toFixed(1)}% ± ${r.accuracy.halfWidthPp.toFixed(1)} pp ` +
    `[${r.accuracy.lowerPp.toFixed(1)}, ${r.accuracy.upperPp.toFixed(1)}]  seed ${r.method.seed}`,
);
if (args.includes("--json")) {
  const result: BootstrapResult = { cases: cases.length, patients, replicates: B, runs: RUNS, clusteredMs: clustered.median, plainLoopMs: plainLoop.median, caseBootstrapMs: caseBoot.median, repeatable };
  console.log(JSON.stringify(result));
}

if (!args.includes("--no-report") && !args.includes("--json")) await wholeReport();

/**
 * The whole report as the results page computes it: every model-scope pair's accuracy,
 * DP1 vs DP2+, level and chapter breakdowns, then the paired comparisons with the baseline.
 * One run (it takes tens of seconds); wall and CPU time per kind of step. CPU time is the
 * steadier figure on a shared machine.
 */
async function wholeReport(): Promise<void> {
  const dataset: EvalDataset = {
    family: "ehr-decision-mcq",
    format: "ehr-decision-mcq-json",
    checksum: "bench",
    name: "bench",
    patients,
    items: cases.map((c) => ({ kind: "mcq", id: c.caseId, patientId: c.patientId, options: ["A", "B", "C", "D"], gold: "A", chapter: c.chapter as string, level: c.level as string, decisionPoint: c.decisionPoint as number })),
  };
  const parsed = await parsePredictions({ name: "bench.csv", chunks: [syntheticPredictionsCsv(dataset, { seed: "bench" })] }, dataset);
  if (!parsed.ok) throw new Error("synthetic predictions did not parse");
  const set = { checksum: "bench", ...parsed.predictions };
  const wall = new Map<string, number>();
  const cpu = new Map<string, number>();
  const steps = evaluationSteps(dataset, set, { replicates: B });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let last = t0;
  let lastCpu = c0;
  for (;;) {
    const r = steps.next();
    const now = performance.now();
    const nowCpu = process.cpuUsage();
    if (r.done) break;
    const kind = r.value.split(" ")[0] === "decision" ? "DP1 vs DP2+" : (r.value.split(" ")[0] as string);
    wall.set(kind, (wall.get(kind) ?? 0) + now - last);
    cpu.set(kind, (cpu.get(kind) ?? 0) + (nowCpu.user + nowCpu.system - lastCpu.user - lastCpu.system) / 1000);
    last = now;
    lastCpu = nowCpu;
  }
  const total = performance.now() - t0;
  const totalCpu = (process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000;
  const pairs = set.models.length * set.scopes.length;
  console.log(`\nwhole report: ${set.models.length} models x ${set.scopes.length} scopes = ${pairs} pairs, ${set.rows.length} predictions, B = ${B}`);
  for (const [kind, ms] of wall) console.log(`  ${kind.padEnd(12)} wall ${(ms / 1000).toFixed(1).padStart(5)} s   cpu ${((cpu.get(kind) ?? 0) / 1000).toFixed(1).padStart(5)} s`);
  console.log(`  total        wall ${(total / 1000).toFixed(1).padStart(5)} s   cpu ${(totalCpu / 1000).toFixed(1).padStart(5)} s   (${(totalCpu / pairs / 1000).toFixed(2)} s cpu per pair)`);
}
