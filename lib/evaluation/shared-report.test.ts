/**
 * Engine 2 against a plain re-implementation from its written definition: the BigInt
 * reference of PRNG spec v2, one multiplicity vector per replicate, every statistic summed
 * case by case, intervals by sorting. No code of replicate-sums.ts or shared-report.ts is
 * reused, so the packing, the sparse rows and the selection must all be exact.
 */
import { describe, expect, it } from "vitest";
import { createPrngV2 } from "@/lib/sampling/prng-v2";
import { syntheticCases } from "./__fixtures__/synthetic-cases";
import type { EvalDataset } from "./eval-dataset";
import { quantileSorted } from "./quantile";
import { buildEvaluationReport } from "./report";
import type { PercentileInterval } from "./types";
import type { PredictionSetInput } from "./report-types";
import { ReplicateSums } from "./replicate-sums";
import { reportPatients, reportSeed, SHARED_DRAWS_STREAM } from "./shared-report";

const cases = syntheticCases(70, 30, "shared-report-test");
const dataset: EvalDataset = {
  family: "ehr-decision-mcq",
  format: "ehr-decision-mcq-json",
  checksum: "s".repeat(64),
  name: "shared",
  patients: 30,
  items: cases.map((c) => ({
    kind: "mcq",
    id: c.caseId,
    patientId: c.patientId,
    options: ["A", "B"],
    gold: "A",
    chapter: c.chapter as string,
    level: c.level as string,
    decisionPoint: c.decisionPoint as number,
  })),
};

/** Two models; scope "part" predicts only the first 40 items (a domain of the patients). */
function predictions(): PredictionSetInput {
  const rows = [];
  for (const model of ["m1", "m2"]) {
    for (const scope of ["full", "other", "part"]) {
      const rng = createPrngV2(`${model}/${scope}`);
      const items = scope === "part" ? dataset.items.slice(0, 40) : dataset.items;
      for (const item of items) rows.push({ model, scope, itemId: item.id, turn: 0, option: rng.nextInt(3) < 2 ? "A" : "B" });
    }
  }
  return { checksum: "p", models: ["m1", "m2"], scopes: ["full", "other", "part"], rows };
}

const B = 400;
const level = 0.9;

/** Multiplicity of every patient in each replicate, drawn with the BigInt reference. */
function multiplicities(): Map<string, number>[] {
  const patients = reportPatients(dataset);
  const rng = createPrngV2(reportSeed(null), SHARED_DRAWS_STREAM);
  return Array.from({ length: B }, () => {
    const m = new Map<string, number>();
    for (let k = 0; k < patients.length; k++) {
      const p = patients[rng.nextInt(patients.length)] as string;
      m.set(p, (m.get(p) ?? 0) + 1);
    }
    return m;
  });
}

function bounds(values: number[]): { lower: number; upper: number; degenerate: number } {
  const ok = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return { lower: quantileSorted(ok, (1 - level) / 2), upper: quantileSorted(ok, (1 + level) / 2), degenerate: values.length - ok.length };
}

describe("report engine 2 (shared draws) equals its definition", () => {
  const set = predictions();
  const report = buildEvaluationReport(dataset, set, { replicates: B, level });
  const reps = multiplicities();
  const gold = new Map(dataset.items.map((i) => [i.id, i]));
  const scored = (model: string, scope: string) =>
    set.rows
      .filter((r) => r.model === model && r.scope === scope)
      .map((r) => {
        const item = gold.get(r.itemId)!;
        if (item.kind !== "mcq") throw new Error("mcq only");
        return {
          id: item.id,
          patient: item.patientId,
          correct: r.option === item.gold,
          chapter: item.chapter,
          level: item.level,
          dp: item.decisionPoint,
        };
      });
  type Scored = ReturnType<typeof scored>[number];
  const sumOver = (m: Map<string, number>, xs: Scored[], f: (x: Scored) => number) =>
    xs.reduce((s, x) => s + (m.get(x.patient) ?? 0) * f(x), 0);
  const ratio = (xs: Scored[]) =>
    reps.map((m) => {
      const t = sumOver(m, xs, () => 1);
      return t === 0 ? NaN : sumOver(m, xs, (x) => (x.correct ? 1 : 0)) / t;
    });
  const expectBounds = (got: PercentileInterval, want: ReturnType<typeof bounds>) =>
    expect([got.lower, got.upper]).toEqual([want.lower, want.upper]);

  it("records one seed and stream for the whole report", () => {
    expect(new Set(report.method.seeds.map((s) => s.seed))).toEqual(new Set(["clinaudit-eval/v2 []"]));
    expect(report.method.prng).toMatch(/v2/);
    expect(report.method.draws).toMatch(/common random numbers/);
    expect(report.options.engine).toBe(2);
  });

  it("accuracy of every pair, including the partial scope", () => {
    for (const a of report.accuracy) {
      const want = bounds(ratio(scored(a.model, a.scope)));
      expectBounds(a.accuracy, want);
      expect(a.degenerateReplicates).toBe(want.degenerate);
    }
  });

  it("chapters and levels: every group from the same draws", () => {
    let degenerate = 0;
    for (const [entries, key] of [
      [report.chapters, "chapter"],
      [report.levels, "level"],
    ] as const) {
      for (const e of entries) {
        for (const g of e.groups) {
          const want = bounds(ratio(scored(e.model, e.scope).filter((x) => x[key] === g.value)));
          expectBounds(g.accuracy, want);
          expect(g.degenerateReplicates).toBe(want.degenerate);
          degenerate += want.degenerate;
        }
      }
    }
    expect(degenerate).toBeGreaterThan(0); // small groups of 30 patients: some replicates miss them
  });

  it("scope − baseline: an exact pairing within each replicate, p = share ≤ 0", () => {
    for (const d of report.deltas) {
      const a = scored(d.model, d.scope);
      const b = new Map(scored(d.model, "full").map((x) => [x.id, x]));
      const common = a.filter((x) => b.has(x.id));
      const values = reps.map((m) => {
        const t = sumOver(m, common, () => 1);
        return t === 0
          ? NaN
          : (sumOver(m, common, (x) => (x.correct ? 1 : 0)) - sumOver(m, common, (x) => (b.get(x.id)!.correct ? 1 : 0))) / t;
      });
      const want = bounds(values);
      expectBounds(d.difference!, want);
      const valid = values.filter((v) => !Number.isNaN(v));
      expect(d.pValue).toBe(valid.filter((v) => v <= 0).length / valid.length);
    }
  });

  it("DP2+ − DP1 within each replicate", () => {
    for (const p of report.decisionPoints) {
      const xs = scored(p.model, p.scope);
      const firstDp = new Map<string, number>();
      for (const x of xs) firstDp.set(x.patient, Math.min(firstDp.get(x.patient) ?? Infinity, x.dp));
      const first = xs.filter((x) => x.dp === firstDp.get(x.patient));
      const later = xs.filter((x) => x.dp !== firstDp.get(x.patient));
      const r1 = ratio(first);
      const r2 = ratio(later);
      const values = r1.map((v, i) => (Number.isNaN(v) || Number.isNaN(r2[i]!) ? NaN : r2[i]! - v));
      const want = bounds(values);
      expectBounds(p.difference!, want);
      expect(p.degenerateReplicates).toBe(want.degenerate);
      const valid = values.filter((v) => !Number.isNaN(v));
      expect(p.pValue).toBe(valid.filter((v) => v >= 0).length / valid.length);
    }
  });

  it("adding a model leaves every other number unchanged", () => {
    const base = predictions();
    const one = buildEvaluationReport(
      dataset,
      { ...base, models: ["m1"], rows: base.rows.filter((r) => r.model === "m1") },
      { replicates: B, level },
    );
    expect(one.accuracy).toEqual(report.accuracy.filter((a) => a.model === "m1"));
    expect(one.chapters).toEqual(report.chapters.filter((a) => a.model === "m1"));
    expect(one.deltas).toEqual(report.deltas.filter((a) => a.model === "m1"));
  });
});

describe("replicate sums", () => {
  /** Every column's replicate sums against plain sums over the reference generator's draws. */
  function expectPlainSums(P: number, replicates: number, columns: Int32Array[], groupOf: (c: number) => string) {
    const sums = new ReplicateSums(P);
    const ids = columns.map((col, c) => sums.column(col, groupOf(c)));
    [...sums.run({ replicates, seed: "s", stream: "t" }, 100)];
    const draws = createPrngV2("s", "t");
    for (let b = 0; b < replicates; b++) {
      const want = new Array(columns.length).fill(0);
      for (let k = 0; k < P; k++) {
        const p = draws.nextInt(P);
        columns.forEach((col, c) => (want[c] += col[p]!));
      }
      columns.forEach((_, c) => expect(sums.sums(ids[c]!)[b]).toBe(want[c]));
    }
    return ids;
  }

  // Many sparse words per patient take the counting kernel; 5,000 patients need more
  // WebAssembly memory than the module starts with (it grows).
  it.each([
    [57, 300],
    [5000, 20],
  ])("packed, deduplicated, sparse sums equal plain sums for columns of any size (%i patients)", (P, replicates) => {
    const rng = createPrngV2("columns");
    const columns = Array.from({ length: 23 }, (_, c) =>
      Int32Array.from({ length: P }, () => (rng.nextInt(4) === 0 ? rng.nextInt(c === 5 ? 100_000 : 6) : 0)),
    );
    columns.push(Int32Array.from(columns[3]!), new Int32Array(P)); // a duplicate and an all-zero column
    const ids = expectPlainSums(P, replicates, columns, (c) => `g${c % 4}`);
    expect(ids[23]).toBe(ids[3]);
  });

  // One pair's correct and total (one dense word: the sum kept in a local), and two dense words
  // (the per-draw kernel's general loop).
  it.each([
    ["one word", 1],
    ["two words", 2],
  ])("per-draw sums equal plain sums (%s per patient)", (_, groups) => {
    const P = 976;
    const rng = createPrngV2("per-draw");
    const total = Int32Array.from({ length: P }, () => 1 + rng.nextInt(3));
    const columns = Array.from({ length: 2 * groups }, (_, c) => (c % 2 ? total : total.map((t) => rng.nextInt(t + 1))));
    expectPlainSums(P, 50, columns, (c) => `g${Math.floor(c / 2)}`);
  });
});

describe("one shared-draw bootstrap", () => {
  it("equals the report's accuracy when the cases cover every patient", async () => {
    const { sharedClusterBootstrap } = await import("./shared-report");
    const set = predictions();
    const report = buildEvaluationReport(
      dataset,
      { ...set, scopes: ["full"], rows: set.rows.filter((r) => r.scope === "full" && r.model === "m1"), models: ["m1"] },
      { replicates: B, level },
    );
    const gold = new Map(dataset.items.map((i) => [i.id, i]));
    const evalCases = set.rows
      .filter((r) => r.scope === "full" && r.model === "m1")
      .map((r) => {
        const item = gold.get(r.itemId)!;
        return { caseId: item.id, patientId: item.patientId, correct: item.kind === "mcq" && r.option === item.gold };
      });
    const one = sharedClusterBootstrap(evalCases, { seed: reportSeed(null), replicates: B, level });
    expect(one.accuracy).toEqual(report.accuracy[0]!.accuracy);
  });
});
