import { describe, expect, it } from "vitest";
import { createPrng } from "@/lib/sampling/prng";
import { syntheticCases } from "./__fixtures__/synthetic-cases";
import { decisionPoints, splitDecisionPoints } from "./decision-points";
import { EvaluationInputError } from "./errors";
import type { EvalCase } from "./types";

const c = (caseId: string, patientId: string, decisionPoint: number, correct: boolean): EvalCase => ({
  caseId,
  patientId,
  decisionPoint,
  correct,
});

// A: DP1 right, DP2 wrong, DP3 right.  B: first point is DP2 (sampled scope), right; DP4 wrong.
// C: DP0 and a second case at DP0, one right; no later point.
const hand = [
  c("a1", "A", 1, true),
  c("a2", "A", 2, false),
  c("a3", "A", 3, true),
  c("b4", "B", 4, false),
  c("b2", "B", 2, true),
  c("c0", "C", 0, true),
  c("c0b", "C", 0, false),
];

describe("DP1 vs DP2+", () => {
  it("splits at each patient's smallest decision point (hand example)", () => {
    const s = splitDecisionPoints(hand);
    expect(s.patientIds).toEqual(["A", "B", "C"]);
    expect([...s.firstCorrect]).toEqual([1, 1, 1]);
    expect([...s.firstTotal]).toEqual([1, 1, 2]);
    expect([...s.laterCorrect]).toEqual([1, 0, 0]);
    expect([...s.laterTotal]).toEqual([2, 1, 0]);
    const r = decisionPoints(hand, { seed: "dp", replicates: 500 });
    expect(r.first).toEqual({ correct: 3, total: 4, accuracy: 0.75 });
    expect(r.later).toEqual({ correct: 1, total: 3, accuracy: 1 / 3 });
    expect(r.difference.estimate).toBe(1 / 3 - 0.75);
    expect(r.patientsWithLater).toBe(2);
    expect(r.patients).toBe(3);
  });

  it("replicates, degenerate count and p-value follow the documented recipe", () => {
    const r = decisionPoints(hand, { seed: "dp", replicates: 500 });
    const rng = createPrng("dp", "eval/decision-points");
    const per = [
      [1, 1, 1, 2],
      [1, 1, 0, 1],
      [1, 2, 0, 0],
    ];
    let degenerate = 0;
    let notLower = 0;
    const diffs: number[] = [];
    for (let b = 0; b < 500; b++) {
      const s = [0, 0, 0, 0];
      for (let k = 0; k < 3; k++) (per[rng.nextInt(3)] as number[]).forEach((v, j) => (s[j] = (s[j] as number) + v));
      const [c1, t1, c2, t2] = s as [number, number, number, number];
      if (t2 === 0) {
        degenerate += 1;
        continue;
      }
      const d = c2 / t2 - c1 / t1;
      diffs.push(d);
      if (d >= 0) notLower += 1;
    }
    expect(degenerate).toBeGreaterThan(0); // drawing C three times happens (1/27)
    expect(r.degenerateReplicates).toBe(degenerate);
    expect(r.pValue).toBe(notLower / diffs.length);
    diffs.sort((x, y) => x - y);
    expect(r.difference.lower).toBeGreaterThanOrEqual(diffs[0] as number);
    expect(r.difference.upper).toBeLessThanOrEqual(diffs[diffs.length - 1] as number);
  });

  it("detects a real drop at later decision points (synthetic data declines 5 pp per DP)", () => {
    const r = decisionPoints(syntheticCases(), { seed: "synthetic", replicates: 2000 });
    expect(r.first.total + r.later.total).toBe(1500);
    expect(r.first.total).toBe(976);
    expect(r.difference.estimate).toBeLessThan(0);
  });

  it("equal first and later accuracy in every patient gives a zero difference in every replicate", () => {
    const eq = [c("a1", "A", 1, true), c("a2", "A", 2, true), c("b1", "B", 1, false), c("b2", "B", 2, false)];
    const r = decisionPoints(eq, { seed: 1, replicates: 300 });
    expect(r.difference).toMatchObject({ estimate: 0, lower: 0, upper: 0 });
    expect(r.pValue).toBe(1);
  });

  it("errors: empty, missing decision point, nothing after the first point", () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(EvaluationInputError);
        return (e as EvaluationInputError).code;
      }
      return "no error";
    };
    expect(code(() => decisionPoints([], { seed: 1 }))).toBe("EMPTY_INPUT");
    expect(code(() => decisionPoints([{ caseId: "x", patientId: "p", correct: true }], { seed: 1 }))).toBe("INVALID_CASE");
    expect(code(() => decisionPoints([c("a", "A", 1, true), c("b", "B", 3, false)], { seed: 1 }))).toBe("NOTHING_TO_COMPARE");
  });
});
