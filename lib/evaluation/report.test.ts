import { describe, expect, it } from "vitest";
import { createPrng } from "@/lib/sampling/prng";
import { smallConversationDataset, smallMcqDataset } from "./__fixtures__/small-eval";
import { modelScopeSeed } from "./bootstrap-settings";
import type { EvaluationInputError } from "./errors";
import { evaluationCsv } from "./export-csv";
import { quantileSorted } from "./quantile";
import { buildEvaluationReport, buildEvaluationReportAsync, evaluationSteps } from "./report";
import type { PredictionInput, PredictionSetInput } from "./report-types";

const row = (model: string, scope: string, itemId: string, option: string, turn = 0): PredictionInput => ({
  model,
  scope,
  itemId,
  turn,
  option,
});

/**
 * Gold: I1 A, I2 B, I3 C, I4 D, I5 A, I6 B.
 * Evidence-only: I1 ✓ I2 ✓ I3 ✓ I4 ✗ I5 ✓ I6 ✗ = 4/6.  History-level: ✓ ✗ ✓ ✗ ✗ ✓ = 3/6.
 */
function mcqSet(): PredictionSetInput {
  const e = ["A", "B", "C", "A", "A", "C"];
  const h = ["A", "A", "C", "A", "B", "B"];
  return {
    checksum: "p".repeat(64),
    models: ["m"],
    scopes: ["Evidence-only", "History-level"],
    rows: [...e.map((o, i) => row("m", "Evidence-only", `I${i + 1}`, o)), ...h.map((o, i) => row("m", "History-level", `I${i + 1}`, o))],
  };
}

describe("evaluation report: decision points, checked by hand (engine 1, as before engine 2)", () => {
  const report = buildEvaluationReport(smallMcqDataset(), mcqSet(), { replicates: 200, engine: 1 });

  it("counts accuracy per model and scope", () => {
    expect(report.accuracy.map((a) => [a.scope, a.correct, a.total, a.patients, a.accuracy.estimate])).toEqual([
      ["Evidence-only", 4, 6, 4, 4 / 6],
      ["History-level", 3, 6, 4, 3 / 6],
    ]);
    expect(report.options).toEqual({ baseline: "Evidence-only", replicates: 200, level: 0.95, seed: null });
  });

  it("re-derives the accuracy interval from the PRNG specification (BigInt reference, type-7 quantiles)", () => {
    // Patients in code-unit order P1..P4: correct [2, 1, 1, 0] of [2, 2, 1, 1] for Evidence-only.
    const correct = [2, 1, 1, 0];
    const total = [2, 2, 1, 1];
    const rng = createPrng(modelScopeSeed("m", "Evidence-only"), "eval/cluster-bootstrap");
    const reps: number[] = [];
    for (let b = 0; b < 200; b++) {
      let c = 0;
      let t = 0;
      for (let k = 0; k < 4; k++) {
        const i = rng.nextInt(4);
        c += correct[i]!;
        t += total[i]!;
      }
      reps.push(c / t);
    }
    reps.sort((a, b) => a - b);
    const acc = report.accuracy[0]!.accuracy;
    expect(acc.lower).toBe(quantileSorted(reps, 0.025));
    expect(acc.upper).toBe(quantileSorted(reps, 0.975));
    expect(acc.halfWidthPp).toBe(((acc.upper - acc.lower) * 100) / 2);
    expect(acc.lower).toBeGreaterThanOrEqual(0);
    expect(acc.upper).toBeLessThanOrEqual(1);
  });

  it("compares each scope with the baseline on the same cases", () => {
    expect(report.deltas).toHaveLength(1);
    const d = report.deltas[0]!;
    expect([d.scope, d.baseline, d.cases, d.patients, d.scopeAccuracy, d.baselineAccuracy]).toEqual([
      "History-level",
      "Evidence-only",
      6,
      4,
      0.5,
      4 / 6,
    ]);
    expect(d.difference!.estimate).toBeCloseTo(-1 / 6, 15);
    expect(d.pValue).toBeGreaterThan(0.5); // History-level is worse: most replicates are <= 0
  });

  it("splits DP1 from DP2+ and breaks down by chapter and level", () => {
    const dp = report.decisionPoints[0]!;
    expect([dp.first, dp.later, dp.patientsWithLater]).toEqual([
      { correct: 3, total: 4, accuracy: 0.75 },
      { correct: 1, total: 2, accuracy: 0.5 },
      2,
    ]);
    expect(dp.difference!.estimate).toBe(-0.25);
    expect(report.chapters[0]!.groups.map((g) => [g.value, g.correct, g.total])).toEqual([
      ["Anemia", 1, 3],
      ["GDM", 3, 3],
    ]);
    expect(report.levels[0]!.groups.map((g) => [g.value, g.correct, g.total])).toEqual([
      ["L1", 3, 4],
      ["L2", 1, 2],
    ]);
    // All GDM cases correct: every replicate is 1, a zero-width interval.
    expect(report.chapters[0]!.groups[1]!.accuracy).toMatchObject({ lower: 1, upper: 1, halfWidthPp: 0 });
  });

  it("records the seed of every pair; a seed option changes the draws, not the estimates", () => {
    expect(report.method.seeds).toEqual([
      { model: "m", scope: "Evidence-only", seed: 'clinaudit-eval/v1 ["m","Evidence-only"]' },
      { model: "m", scope: "History-level", seed: 'clinaudit-eval/v1 ["m","History-level"]' },
    ]);
    const seeded = buildEvaluationReport(smallMcqDataset(), mcqSet(), { replicates: 200, seed: "7", engine: 1 });
    expect(seeded.method.seeds[0]!.seed).toBe('clinaudit-eval/v1 ["m","Evidence-only","7"]');
    expect(seeded.accuracy[0]!.accuracy.estimate).toBe(report.accuracy[0]!.accuracy.estimate);
  });

  it("is bit-for-bit repeatable, and the async build (pausing between bootstraps) gives the same object", async () => {
    const again = buildEvaluationReport(smallMcqDataset(), mcqSet(), { replicates: 200, engine: 1 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(report));
    let pauses = 0;
    const viaAsync = await buildEvaluationReportAsync(
      smallMcqDataset(),
      mcqSet(),
      { replicates: 200, engine: 1 },
      async () => void pauses++,
    );
    expect(viaAsync).toEqual(report);
    expect(pauses).toBe([...evaluationSteps(smallMcqDataset(), mcqSet(), { replicates: 200, engine: 1 })].length);
  });

  it("leaves a pair without later decision points or without baseline cases as a note, not an error", () => {
    const set: PredictionSetInput = {
      checksum: "x",
      models: ["m", "n"],
      scopes: ["A", "B"],
      rows: [row("m", "A", "I1", "A"), row("m", "B", "I3", "C"), row("n", "B", "I5", "A")],
    };
    const r = buildEvaluationReport(smallMcqDataset(), set, { replicates: 50 });
    expect(r.decisionPoints.map((d) => d.note)).toEqual(Array(3).fill("noLater"));
    expect(r.deltas.map((d) => [d.model, d.note])).toEqual([
      ["m", "noCommonCases"],
      ["n", "noBaseline"],
    ]);
    // The CSV export words the codes in English.
    expect(evaluationCsv(r)).toContain(",note,no case predicted in both scopes\n");
  });

  it("rejects options it cannot honour", () => {
    expect(() => buildEvaluationReport(smallMcqDataset(), mcqSet(), { baseline: "Agent" })).toThrow(/baseline "Agent" is not a scope/);
    expect(() => buildEvaluationReport(smallMcqDataset(), mcqSet(), { replicates: 0 })).toThrow(/B must be/);
    expect(() => buildEvaluationReport(smallMcqDataset(), mcqSet(), { seed: " x" })).toThrow(/seed must be/);
    expect(() => buildEvaluationReport(smallMcqDataset(), mcqSet(), { engine: 3 as 2 })).toThrow(/engine must be 1 or 2/);
  });

  it("says why as a domain code with values, which the web words per language", () => {
    const said = (options: Parameters<typeof buildEvaluationReport>[2]) => {
      try {
        buildEvaluationReport(smallMcqDataset(), mcqSet(), options);
      } catch (error) {
        return (error as EvaluationInputError).said;
      }
    };
    expect(said({ replicates: 0 })).toEqual({ code: "report.replicatesWhole", values: { max: "100,000", got: "0" } });
    expect(said({ engine: 3 as 2 })).toEqual({ code: "report.engineOption", values: { got: "3" } });
  });
});

describe("evaluation report: conversations, checked by hand", () => {
  // 900001:labs QA1 ✓✓, QA2 ✓✗; 900001:meds QA1 ✓✗; 900002:labs QA1 ✓✓.
  const set: PredictionSetInput = {
    checksum: "q".repeat(64),
    models: ["m"],
    scopes: ["s"],
    rows: [
      row("m", "s", "900001:labs", "A", 1),
      row("m", "s", "900001:labs", "B", 2),
      row("m", "s", "900001:labs", "C", 3),
      row("m", "s", "900001:labs", "A", 4),
      row("m", "s", "900001:meds", "E", 1),
      row("m", "s", "900001:meds", "B", 2),
      row("m", "s", "900002:labs", "B", 1),
      row("m", "s", "900002:labs", "B", 2),
    ],
  };
  const report = buildEvaluationReport(smallConversationDataset(), set, { replicates: 100 });

  it("computes Content / Source / Paired, sample mean, all-correct, cascade and notes", () => {
    const c = report.conversations[0]!;
    expect([c.content.qa, c.source.qa, c.paired.qa]).toEqual([
      { correct: 4, total: 4, accuracy: 1 },
      { correct: 2, total: 4, accuracy: 0.5 },
      { correct: 2, total: 4, accuracy: 0.5 },
    ]);
    expect([c.paired.sampleMean, c.paired.sampleAllCorrect]).toEqual([0.5, 1 / 3]);
    expect(c.cascade.afterCorrect.paired).toEqual({ correct: 0, total: 1, accuracy: 0 });
    expect(c.cascade.gap.paired).toBeNull();
    expect(c.byNumNotes.map((g) => [g.numNotes, g.paired.correct, g.paired.total])).toEqual([
      [1, 1, 3],
      [3, 1, 1],
    ]);
    expect(c.intervals.content).toMatchObject({ estimate: 1, lower: 1, upper: 1 });
    expect(c.intervals.paired).toEqual(report.accuracy[0]!.accuracy);
  });

  it("uses Paired QA accuracy as the headline and breaks it down by QA category", () => {
    expect(report.kind).toBe("conversations");
    expect([report.accuracy[0]!.correct, report.accuracy[0]!.total, report.accuracy[0]!.patients]).toEqual([2, 4, 2]);
    expect(report.chapters[0]!.groups.map((g) => [g.value, g.correct, g.total])).toEqual([
      ["labs", 2, 3],
      ["meds", 0, 1],
    ]);
    expect([report.decisionPoints, report.levels]).toEqual([[], []]);
  });
});

describe("evaluation report: unparseable replies and single-turn questions", () => {
  it("scores a null option wrong and lists it only when the set came from raw replies", () => {
    const set = mcqSet();
    const rows = set.rows.map((r, i) => (i === 0 ? { ...r, option: null } : r));
    const plain = buildEvaluationReport(smallMcqDataset(), { ...set, rows }, { replicates: 100 });
    expect(plain.accuracy[0]).toMatchObject({ correct: 3, total: 6 });
    expect("replies" in plain).toBe(false);
    const replies = buildEvaluationReport(
      smallMcqDataset(),
      { ...set, rows, replies: { format: "ehrnoteqa-output", rules: { m: "default" } } },
      { replicates: 100 },
    );
    expect(replies.replies).toEqual({
      format: "ehrnoteqa-output",
      entries: [
        { model: "m", scope: "Evidence-only", rule: "default", replies: 6, unparseable: 1, cases: [{ itemId: "I1", turn: 0 }] },
        { model: "m", scope: "History-level", rule: "default", replies: 6, unparseable: 0, cases: [] },
      ],
    });
    // Everything else is the same report.
    expect({ ...replies, replies: undefined }).toEqual({ ...plain, replies: undefined });
  });

  it("scores conversations without source turns one case per question (they gave 'No cases')", () => {
    const turn = (gold: string) => [{ turnOrder: 1, turnIndex: 1, turnType: "content" as const, options: ["A", "B", "C", "D", "E"], gold }];
    const dataset = {
      family: "notes-chatqa" as const,
      format: "ehrnoteqa-jsonl" as const,
      checksum: "e".repeat(64),
      name: null,
      patients: 3,
      items: [
        { kind: "conversation" as const, id: "1:q1", patientId: "1", qaCategory: "", numNotes: 1, turns: turn("A") },
        { kind: "conversation" as const, id: "1:q2", patientId: "1", qaCategory: "", numNotes: 1, turns: turn("B") },
        { kind: "conversation" as const, id: "2:q1", patientId: "2", qaCategory: "", numNotes: 2, turns: turn("C") },
        { kind: "conversation" as const, id: "3:q1", patientId: "3", qaCategory: "", numNotes: 3, turns: turn("D") },
      ],
    };
    const picks: [string, string | null][] = [
      ["1:q1", "A"],
      ["1:q2", null],
      ["2:q1", "C"],
      ["3:q1", "E"],
    ];
    const rows = picks.map(([itemId, option]) => ({ model: "m", scope: "s", itemId, turn: 1, option }));
    const r = buildEvaluationReport(dataset, { checksum: "x", models: ["m"], scopes: ["s"], rows }, { replicates: 200 });
    expect(r.kind).toBe("single-turn");
    expect(r.accuracy[0]).toMatchObject({ correct: 2, total: 4, patients: 3, accuracy: { estimate: 0.5 } });
    expect(r.conversations).toEqual([]);
    expect(r.chapters[0]).toMatchObject({ groups: [], missing: 4 });
    expect(r.method.cases).toMatch(/one case per predicted question/);
  });
});
