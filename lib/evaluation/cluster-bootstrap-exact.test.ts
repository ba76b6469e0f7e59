// The patient-clustered bootstrap against an answer known exactly: with four patients there are
// only 4^4 = 256 equally likely resamples, so the bootstrap distribution can be enumerated and
// its percentile interval read off without any random draw.
import { describe, expect, it } from "vitest";
import { clusterBootstrap } from "./cluster-bootstrap";
import type { EvalCase } from "./types";

/** Patients with (cases, correct) = (3, 3), (2, 1), (1, 0), (2, 2): accuracy 6/8 = 3/4. */
const PATIENTS: [cases: number, correct: number][] = [
  [3, 3],
  [2, 1],
  [1, 0],
  [2, 2],
];

function cases(): EvalCase[] {
  return PATIENTS.flatMap(([n, c], p) =>
    Array.from({ length: n }, (_, k) => ({ caseId: `p${p}-c${k}`, patientId: `p${p}`, correct: k < c })),
  );
}

/** Every resample of 4 patients drawn with replacement, each with probability 1/256. */
function exactDistribution(): number[] {
  const out: number[] = [];
  const p = PATIENTS.length;
  for (let code = 0; code < p ** p; code++) {
    let correct = 0;
    let total = 0;
    for (let k = 0, rest = code; k < p; k++, rest = Math.floor(rest / p)) {
      const [n, c] = PATIENTS[rest % p]!;
      correct += c;
      total += n;
    }
    out.push(correct / total);
  }
  return out.sort((a, b) => a - b);
}

/** Inverse of the empirical CDF: the smallest value whose cumulative probability reaches q. */
function inverseEcdf(sorted: readonly number[], q: number): number {
  const i = sorted.findIndex((_, k) => (k + 1) / sorted.length >= q);
  return sorted[i]!;
}

describe("patient-clustered bootstrap, enumerable case", () => {
  it("has the exact 95% percentile interval [1/3, 1]", () => {
    const all = exactDistribution();
    expect(all).toHaveLength(256);
    expect(inverseEcdf(all, 0.025)).toBe(1 / 3);
    expect(inverseEcdf(all, 0.975)).toBe(1);
    // Neither end sits on a jump of the CDF (5/256 and 11/256 straddle 2.5 %; 240/256 < 97.5 %),
    // so any consistent quantile rule converges to the same two values.
    expect(all.filter((a) => a < 1 / 3).length / 256).toBeLessThan(0.025);
    expect(all.filter((a) => a <= 1 / 3).length / 256).toBeGreaterThan(0.025);
    expect(all.filter((a) => a < 1).length / 256).toBeLessThan(0.975);
  });

  it("is reached by the report's bootstrap with B = 100,000", () => {
    const result = clusterBootstrap(cases(), { seed: "exact-answer", replicates: 100_000 });
    expect(result).toMatchObject({ correct: 6, total: 8, patients: 4 });
    expect(result.accuracy.estimate).toBe(3 / 4);
    expect(result.accuracy.lower).toBe(1 / 3);
    expect(result.accuracy.upper).toBe(1);
  });

  it("reaches it for other seeds too (not one lucky stream)", () => {
    for (const seed of ["a", "b", "c"]) {
      const { accuracy } = clusterBootstrap(cases(), { seed, replicates: 100_000 });
      expect([accuracy.lower, accuracy.upper]).toEqual([1 / 3, 1]);
    }
  });
});
