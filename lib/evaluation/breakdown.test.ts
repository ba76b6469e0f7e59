import { describe, expect, it } from "vitest";
import { syntheticCases } from "./__fixtures__/synthetic-cases";
import { breakdown, breakdownBy } from "./breakdown";
import { clusterBootstrap } from "./cluster-bootstrap";
import { EvaluationInputError } from "./errors";
import type { EvalCase } from "./types";

describe("breakdown by chapter and level", () => {
  const cases = syntheticCases(400, 250);
  const opts = { seed: "bd", replicates: 800 };

  it("groups are sorted, partition the cases, and each has its own clustered CI", () => {
    const { chapter, level } = breakdown(cases, opts);
    expect(level.groups.map((g) => g.value)).toEqual(["L1", "L2", "L3"]);
    for (const b of [chapter, level]) {
      expect(b.missing).toBe(0);
      expect(b.groups.reduce((s, g) => s + g.total, 0)).toBe(400);
      for (const g of b.groups) {
        const subset = cases.filter((c) => c[b.dimension] === g.value);
        expect(g.correct).toBe(subset.filter((c) => c.correct).length);
        expect(g.patients).toBe(new Set(subset.map((c) => c.patientId)).size);
        expect(g.method.stream).toBe(`eval/breakdown/${b.dimension}=${JSON.stringify(g.value)}`);
        const { accuracy } = clusterBootstrap(subset, { ...opts, stream: g.method.stream });
        expect(g.accuracy).toEqual(accuracy);
        expect(g.accuracy.lower).toBeLessThanOrEqual(g.accuracy.estimate);
        expect(g.accuracy.upper).toBeGreaterThanOrEqual(g.accuracy.estimate);
      }
    }
  });

  it("a new group leaves the other groups' intervals unchanged; missing values are counted", () => {
    const extra: EvalCase[] = [
      { caseId: "new-1", patientId: "Z1", correct: true, chapter: "zz-new" },
      { caseId: "new-2", patientId: "Z2", correct: false },
    ];
    const before = breakdownBy(cases, "chapter", opts);
    const after = breakdownBy([...cases, ...extra], "chapter", opts);
    expect(after.missing).toBe(1);
    expect(after.groups.slice(0, -1)).toEqual(before.groups);
    expect(after.groups.at(-1)?.value).toBe("zz-new");
  });

  it("rejects empty input", () => {
    expect(() => breakdown([], opts)).toThrow(EvaluationInputError);
  });
});
