// npx tsx bench/agreement.ts [--runs N] [--json] — time of the full agreement report (majority
// vote, shares, AC1, Fleiss, Krippendorff, Conger, Brennan–Prediger, Cohen per pair, with SEs and
// CIs) for 1,500 items x 12 raters and 100,000 items x 5 raters, beside a baseline in the same
// run: one pass that only tallies the category counts per item (the least any report must do).
// Then AC1 with its SE and CI alone on the 100,000 x 5 matrix, beside irrCAC 1.0's gwet.ac1.raw
// timed in the same run when `Rscript` with irrCAC is installed (otherwise the figure recorded in
// issue 17 on the same kind of machine is quoted, and the output says it was not measured here).
// Medians of 5 and 3 runs (or N each); --json adds one JSON line (AgreementResult, lib/child-json.ts) at the end.
import { spawnSync } from "node:child_process";
import { gwetAc1 } from "../lib/agreement/gwet-ac";
import type { LongRating } from "../lib/agreement/long-format";
import { buildDimensionReport } from "../lib/agreement/report";
import type { Rating } from "../lib/agreement/types";
import { createPrng } from "../lib/sampling/prng";
import type { AgreementResult } from "./lib/child-json";
import { median } from "./lib/stats";

const CATEGORIES = ["correct", "incorrect", "uncertain"];
/** irrCAC 1.0 gwet.ac1.raw on 100,000 x 5, as issue 17 recorded it (R is not always installed). */
const IRRCAC_RECORDED_MS = 131;

function ratings(items: number, raters: number): LongRating[] {
  const rng = createPrng(`bench-agreement-${items}x${raters}`);
  const out: LongRating[] = [];
  for (let i = 0; i < items; i++) {
    // Mostly "correct", as in a real audit (the prevalence paradox regime).
    for (let r = 0; r < raters; r++) {
      const roll = rng.nextInt(100);
      out.push({ item: `I${i}`, rater: `R${r + 1}`, category: roll < 85 ? "correct" : roll < 93 ? "incorrect" : "uncertain" });
    }
  }
  return out;
}

function baseline(rs: LongRating[]): number {
  const counts = new Map<string, number[]>();
  for (const r of rs) {
    let c = counts.get(r.item);
    if (!c) counts.set(r.item, (c = [0, 0, 0]));
    c[CATEGORIES.indexOf(r.category)]!++;
  }
  return counts.size;
}

function time(fn: () => unknown, runs: number): number {
  fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** irrCAC's gwet.ac1.raw on the same matrix in R, when Rscript and irrCAC are installed. */
function irrcac(matrix: Rating[][], runs: number): { ms: number } | { missing: string } {
  const probe = spawnSync("Rscript", ["-e", "suppressMessages(library(irrCAC))"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0)
    return { missing: probe.error ? "Rscript is not installed" : "the R package irrCAC is not installed" };
  const csv = matrix.map((row) => row.map((x) => (x === null ? "NA" : String(x))).join(",")).join("\n");
  const code = `d <- read.csv(file("stdin"), header = FALSE); library(irrCAC); invisible(gwet.ac1.raw(d)); t <- replicate(${runs}, system.time(gwet.ac1.raw(d))[["elapsed"]]); cat(median(t) * 1000)`;
  const r = spawnSync("Rscript", ["-e", code], { input: csv, encoding: "utf8", maxBuffer: 1 << 24 });
  const ms = Number(r.stdout.trim().split("\n").at(-1));
  return r.status === 0 && ms > 0 ? { ms } : { missing: `irrCAC run failed: ${r.stderr.trim().split("\n").at(-1)}` };
}

const args = process.argv.slice(2);
const runsFlag = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : undefined;
if (runsFlag !== undefined && !(Number.isInteger(runsFlag) && runsFlag > 0)) throw new Error("--runs needs a positive whole number");

const result: AgreementResult = { sizes: [], ac1: null };
console.log("agreement report vs tally-only baseline (median of runs, ms)");
console.log("size                 ratings    report   baseline   ratio");
for (const [items, raters, defaultRuns] of [
  [1500, 12, 5],
  [100_000, 5, 3],
] as const) {
  const runs = runsFlag ?? defaultRuns;
  const rs = ratings(items, raters);
  const report = time(
    () => buildDimensionReport({ ratings: rs, categories: CATEGORIES, tieCategory: "uncertain", populationSize: items * 10 }),
    runs,
  );
  const base = time(() => baseline(rs), runs);
  result.sizes.push({ items, raters, ratings: rs.length, runs, reportMs: report, baselineMs: base });
  console.log(
    `${`${items.toLocaleString("en")} x ${raters}`.padEnd(20)} ${String(rs.length).padStart(8)} ${report.toFixed(1).padStart(9)} ${base.toFixed(1).padStart(10)} ${(report / base).toFixed(1).padStart(7)}`,
  );
  if (items === 100_000) {
    // AC1 + SE + CI alone, from the items x raters matrix (what gwet.ac1.raw takes).
    const index = new Map(CATEGORIES.map((c, k) => [c, k]));
    const matrix: Rating[][] = Array.from({ length: items }, (_, i) =>
      rs.slice(i * raters, (i + 1) * raters).map((x) => index.get(x.category) ?? null),
    );
    const ac1Runs = runsFlag ?? 5;
    const ac1 = time(() => gwetAc1(matrix, CATEGORIES.length), ac1Runs);
    const r = irrcac(matrix, ac1Runs);
    result.ac1 = {
      items,
      raters,
      runs: ac1Runs,
      ac1Ms: ac1,
      irrcacMs: "ms" in r ? r.ms : null,
      irrcacRecordedMs: IRRCAC_RECORDED_MS,
      irrcacMissing: "ms" in r ? null : r.missing,
    };
    console.log(
      `AC1 + SE + CI alone, ${items.toLocaleString("en")} x ${raters}: ${ac1.toFixed(1)} ms; irrCAC ${"ms" in r ? `${r.ms.toFixed(1)} ms in this run` : `not measured here (${r.missing}); recorded in issue 17: ${IRRCAC_RECORDED_MS} ms`}`,
    );
  }
}
if (args.includes("--json")) console.log(JSON.stringify(result));
