import { describe, expect, it } from "vitest";
import { createPrng, SeedError } from "@/lib/sampling/prng";
import { syntheticCases } from "./__fixtures__/synthetic-cases";
import { accuracy } from "./accuracy";
import { modelScopeSeed } from "./bootstrap-settings";
import { caseBootstrapReplicates } from "./case-bootstrap";
import { clusterBootstrap, clusterBootstrapReplicates } from "./cluster-bootstrap";
import { EvaluationInputError } from "./errors";
import type { EvalCase } from "./types";

const mk = (caseId: string, patientId: string, correct: boolean): EvalCase => ({ caseId, patientId, correct });

/** Patients with given (correct, total), cases named so that both orders agree. */
function patients(spec: [number, number][]): EvalCase[] {
  return spec.flatMap(([c, t], p) =>
    Array.from({ length: t }, (_, k) => mk(`c${String(p).padStart(3, "0")}-${k}`, `p${String(p).padStart(3, "0")}`, k < c)),
  );
}

describe("accuracy", () => {
  it("counts", () => {
    expect(
      accuracy(
        patients([
          [1, 2],
          [3, 3],
        ]),
      ),
    ).toEqual({ correct: 4, incorrect: 1, total: 5, accuracy: 0.8, accuracyPp: 80, patients: 2 });
  });
});

describe("patient-clustered bootstrap", () => {
  const cases = syntheticCases(300, 180);

  it("follows the documented recipe with the reference PRNG", () => {
    const spec: [number, number][] = [
      [0, 1],
      [2, 3],
      [1, 1],
      [4, 5],
      [0, 2],
    ];
    const reps = clusterBootstrapReplicates(patients(spec), { seed: "recipe", replicates: 50 });
    const rng = createPrng("recipe", "eval/cluster-bootstrap");
    for (let b = 0; b < 50; b++) {
      let c = 0;
      let t = 0;
      for (let k = 0; k < spec.length; k++) {
        const [pc, pt] = spec[rng.nextInt(spec.length)] as [number, number];
        c += pc;
        t += pt;
      }
      expect(reps[b]).toBe(c / t);
    }
  });

  it("with one case per patient equals the ordinary case bootstrap on the same draws", () => {
    const single = patients(Array.from({ length: 97 }, (_, i) => [i % 3 === 0 ? 0 : 1, 1] as [number, number]));
    const opts = { seed: 7, stream: "same-draws", replicates: 2000 };
    expect(clusterBootstrapReplicates(single, opts)).toEqual(caseBootstrapReplicates(single, opts));
  });

  it("does not depend on the input order", () => {
    const opts = { seed: "order", replicates: 500 };
    expect(clusterBootstrapReplicates([...cases].reverse(), opts)).toEqual(clusterBootstrapReplicates(cases, opts));
  });

  it("identical per-patient accuracy gives a zero-width interval", () => {
    // Different sizes, so replicate sums differ while every ratio is exactly 1/2.
    const r = clusterBootstrap(
      patients([
        [1, 2],
        [2, 4],
        [3, 6],
        [1, 2],
        [4, 8],
      ]),
      { seed: 1, replicates: 3000 },
    );
    expect(r.accuracy.estimate).toBe(0.5);
    expect(r.accuracy.lower).toBe(0.5);
    expect(r.accuracy.upper).toBe(0.5);
    expect(r.accuracy.halfWidthPp).toBe(0);
  });

  it("stays within [min, max] of per-patient accuracies (all replicates, and the interval)", () => {
    const spec: [number, number][] = [
      [1, 4],
      [3, 4],
      [2, 5],
      [1, 2],
      [5, 6],
      [2, 3],
    ];
    const reps = clusterBootstrapReplicates(patients(spec), { seed: "range", replicates: 5000 });
    const accs = spec.map(([c, t]) => c / t);
    const [lo, hi] = [Math.min(...accs), Math.max(...accs)];
    for (const r of reps) expect(r >= lo && r <= hi).toBe(true);
    const res = clusterBootstrap(patients(spec), { seed: "range", replicates: 5000, level: 0.999 });
    expect(res.accuracy.lower).toBeGreaterThanOrEqual(lo);
    expect(res.accuracy.upper).toBeLessThanOrEqual(hi);
  });

  it("is bit-for-bit repeatable for a seed, and different seeds or streams differ", () => {
    const opts = { seed: modelScopeSeed("model-a", "full-ehr"), replicates: 2000 };
    const a = clusterBootstrapReplicates(cases, opts);
    const b = clusterBootstrapReplicates(cases, opts);
    expect(Buffer.from(a.buffer)).toEqual(Buffer.from(b.buffer));
    const other = clusterBootstrapReplicates(cases, { ...opts, seed: modelScopeSeed("model-a", "last-note") });
    const otherStream = clusterBootstrapReplicates(cases, { ...opts, stream: "x" });
    const differing = (x: Float64Array) => x.reduce((n, v, i) => n + (v !== a[i] ? 1 : 0), 0);
    expect(differing(other)).toBeGreaterThan(1500);
    expect(differing(otherStream)).toBeGreaterThan(1500);
    expect(clusterBootstrap(cases, opts)).toEqual(clusterBootstrap(cases, opts));
  });

  it("reports the estimate, ± half-width in pp and the method", () => {
    const r = clusterBootstrap(cases, { seed: "report", replicates: 1000 });
    const acc = accuracy(cases);
    expect(r.accuracy.estimate).toBe(acc.accuracy);
    expect(r.total).toBe(300);
    expect(r.patients).toBe(180);
    expect(r.accuracy.lower).toBeLessThan(r.accuracy.estimate);
    expect(r.accuracy.upper).toBeGreaterThan(r.accuracy.estimate);
    expect(r.accuracy.halfWidthPp).toBeCloseTo((r.accuracy.upperPp - r.accuracy.lowerPp) / 2, 12);
    expect(r.method).toMatchObject({ replicates: 1000, level: 0.95, seed: "report", stream: "eval/cluster-bootstrap" });
    expect(r.method.quantile).toMatch(/type 7/);
  });

  it("is wider than the case bootstrap when patients are clustered", () => {
    // 40 patients, each all right or all wrong on 5 cases: the effective sample is 40, not 200.
    const clustered = patients(Array.from({ length: 40 }, (_, i) => [i % 2 ? 5 : 0, 5] as [number, number]));
    const opts = { seed: "width", replicates: 4000 };
    const width = (r: Float64Array) => {
      const s = [...r].sort((x, y) => x - y);
      return (s[3900] as number) - (s[100] as number);
    };
    expect(width(clusterBootstrapReplicates(clustered, opts))).toBeGreaterThan(1.8 * width(caseBootstrapReplicates(clustered, opts)));
  });

  it("rejects empty input, duplicate cases, bad options and bad seeds", () => {
    const err = (f: () => unknown, code: string) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(EvaluationInputError);
        expect((e as EvaluationInputError).code).toBe(code);
        return;
      }
      throw new Error("did not throw");
    };
    err(() => clusterBootstrap([], { seed: 1 }), "EMPTY_INPUT");
    err(() => accuracy([]), "EMPTY_INPUT");
    err(() => clusterBootstrap([mk("a", "p", true), mk("a", "q", false)], { seed: 1 }), "DUPLICATE_CASE");
    err(() => clusterBootstrap([mk("a", "", true)], { seed: 1 }), "INVALID_CASE");
    err(() => clusterBootstrap([mk("a", "p", true)], { seed: 1, replicates: 0 }), "INVALID_OPTION");
    err(() => clusterBootstrap([mk("a", "p", true)], { seed: 1, level: 1 }), "INVALID_OPTION");
    expect(() => clusterBootstrap([mk("a", "p", true)], { seed: " x" })).toThrow(SeedError);
    expect(() => modelScopeSeed("m".repeat(300), "s")).toThrow(SeedError);
  });
});
