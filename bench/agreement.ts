// npx tsx bench/agreement.ts [--runs N] [--json] — time of the full agreement report (majority
// vote, shares, AC1, Fleiss, Krippendorff, Conger, Brennan–Prediger, Cohen per pair, with SEs and
// CIs) for 1,500 items x 12 raters and 100,000 items x 5 raters, beside a baseline in the same
// run: one pass that only tallies the category counts per item (the least any report must do).
// Medians of 5 and 3 runs (or N each); --json adds one JSON line (AgreementResult, lib/child-json.ts) at the end.
import { buildDimensionReport } from "../lib/agreement/report";
import type { LongRating } from "../lib/agreement/long-format";
import { createPrng } from "../lib/sampling/prng";
import type { AgreementResult } from "./lib/child-json";
import { median } from "./lib/stats";

const CATEGORIES = ["correct", "incorrect", "uncertain"];

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
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const args = process.argv.slice(2);
const runsFlag = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : undefined;
if (runsFlag !== undefined && !(Number.isInteger(runsFlag) && runsFlag > 0)) throw new Error("--runs needs a positive whole number");

const result: AgreementResult = { sizes: [] };
console.log("agreement report vs tally-only baseline (median of runs, ms)");
console.log("size                 ratings    report   baseline   ratio");
for (const [items, raters, defaultRuns] of [[1500, 12, 5], [100_000, 5, 3]] as const) {
  const runs = runsFlag ?? defaultRuns;
  const rs = ratings(items, raters);
  const report = time(() => buildDimensionReport({ ratings: rs, categories: CATEGORIES, tieCategory: "uncertain", populationSize: items * 10 }), runs);
  const base = time(() => baseline(rs), runs);
  result.sizes.push({ items, raters, ratings: rs.length, runs, reportMs: report, baselineMs: base });
  console.log(`${`${items.toLocaleString("en")} x ${raters}`.padEnd(20)} ${String(rs.length).padStart(8)} ${report.toFixed(1).padStart(9)} ${base.toFixed(1).padStart(10)} ${(report / base).toFixed(1).padStart(7)}`);
}
if (args.includes("--json")) console.log(JSON.stringify(result));
