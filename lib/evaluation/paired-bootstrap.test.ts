import { describe, expect, it } from "vitest";
import { createPrng } from "@/lib/sampling/prng";
import { syntheticCases } from "./__fixtures__/synthetic-cases";
import { EvaluationInputError } from "./errors";
import { pairedBootstrap, pairedBootstrapReplicates } from "./paired-bootstrap";
import type { EvalCase } from "./types";

const flip = (cases: EvalCase[], every: number) => cases.map((c, i) => ({ ...c, correct: i % every === 0 ? !c.correct : c.correct }));

describe("paired bootstrap", () => {
  const base = syntheticCases(300, 180);

  it("a scope against itself gives exactly 0 (estimate, every replicate, interval)", () => {
    const reps = pairedBootstrapReplicates(base, base, { seed: "self", replicates: 2000 });
    expect(reps.every((d) => Object.is(d, 0))).toBe(true);
    const r = pairedBootstrap(base, base, { seed: "self", replicates: 2000 });
    expect(r.difference).toMatchObject({ estimate: 0, lower: 0, upper: 0, halfWidthPp: 0 });
    expect(r.pValue).toBe(1);
  });

  it("applies the same patient draws to both scopes (reference PRNG recipe)", () => {
    const scope: EvalCase[] = [
      { caseId: "a1", patientId: "A", correct: true },
      { caseId: "a2", patientId: "A", correct: true },
      { caseId: "b1", patientId: "B", correct: false },
      { caseId: "c1", patientId: "C", correct: true },
    ];
    const baseline = [
      { caseId: "c1", patientId: "C", correct: false },
      { caseId: "a2", patientId: "A", correct: false },
      { caseId: "a1", patientId: "A", correct: true },
      { caseId: "b1", patientId: "B", correct: true },
    ];
    // per patient (A, B, C): scope - baseline correct = (1, -1, 1), cases = (2, 1, 1)
    const d = [1, -1, 1];
    const t = [2, 1, 1];
    const reps = pairedBootstrapReplicates(scope, baseline, { seed: 3, replicates: 200 });
    const rng = createPrng(3, "eval/paired-bootstrap");
    for (let b = 0; b < 200; b++) {
      let sd = 0;
      let st = 0;
      for (let k = 0; k < 3; k++) {
        const i = rng.nextInt(3);
        sd += d[i] as number;
        st += t[i] as number;
      }
      expect(reps[b]).toBe(sd / st);
    }
    const r = pairedBootstrap(scope, baseline, { seed: 3, replicates: 200 });
    expect(r.scopeAccuracy).toBe(0.75);
    expect(r.baselineAccuracy).toBe(0.5);
    expect(r.difference.estimate).toBe(0.25);
    expect(r.pValue).toBe(reps.filter((x) => x <= 0).length / 200);
  });

  it("a clearly better scope has a positive interval and a small p-value; reversed, p near 1", () => {
    const worse = base.map((c) => ({ ...c, correct: false }));
    const better = pairedBootstrap(base, worse, { seed: "x", replicates: 2000 });
    expect(better.difference.lower).toBeGreaterThan(0);
    expect(better.pValue).toBe(0);
    expect(pairedBootstrap(worse, base, { seed: "x", replicates: 2000 }).pValue).toBe(1);
  });

  it("is repeatable and order-independent", () => {
    const other = flip(base, 4);
    const opts = { seed: "rep", replicates: 1000 };
    const a = pairedBootstrapReplicates(other, base, opts);
    expect(pairedBootstrapReplicates(other, base, opts)).toEqual(a);
    expect(pairedBootstrapReplicates([...other].reverse(), [...base].reverse(), opts)).toEqual(a);
    expect(pairedBootstrapReplicates(other, base, { ...opts, seed: "rep2" })).not.toEqual(a);
  });

  it("rejects mismatched case sets, patients and empty input", () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(EvaluationInputError);
        return (e as EvaluationInputError).code;
      }
      return "no error";
    };
    const o = { seed: 1 };
    expect(code(() => pairedBootstrap(base.slice(1), base, o))).toBe("CASE_SET_MISMATCH");
    expect(code(() => pairedBootstrap(base, base.slice(1), o))).toBe("CASE_SET_MISMATCH");
    const renamed = base.map((c, i) => (i === 5 ? { ...c, caseId: "other" } : c));
    expect(code(() => pairedBootstrap(renamed, base, o))).toBe("CASE_SET_MISMATCH");
    const moved = base.map((c, i) => (i === 5 ? { ...c, patientId: "elsewhere" } : c));
    expect(code(() => pairedBootstrap(moved, base, o))).toBe("CASE_SET_MISMATCH");
    expect(code(() => pairedBootstrap([], [], o))).toBe("EMPTY_INPUT");
    expect(code(() => pairedBootstrap([...base, base[0] as EvalCase], base, o))).toBe("DUPLICATE_CASE");
  });
});
