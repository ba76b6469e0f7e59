import { describe, expect, it } from "vitest";
import { errorRateBound } from "./error-rate-bound";
import { expectedAc1HalfWidth, raterAccuracyFor, smallestSampleForBound } from "./sample-plan";

/** The definition, by brute force: the first n whose bound is below the target. */
function linearScan(N: number, x: number, target: number, level: number, kind: "binomial" | "hyper"): number | null {
  for (let n = x + 1; n <= N; n++) {
    const b = errorRateBound(x, n, { confidenceLevel: level, populationSize: kind === "hyper" ? N : undefined });
    if ((kind === "hyper" ? (b.hypergeometricUpper as number) : b.binomialUpper) < target) return n;
  }
  return null;
}

describe("smallestSampleForBound", () => {
  it("gives the size a 1-error, below-5 % claim on a 1,500-item benchmark needs", () => {
    const plan = smallestSampleForBound({ populationSize: 1500, toleratedErrors: 1, targetRate: 0.05, confidenceLevel: 0.95 });
    // Pinned against the dashboard's own bound: n passes, n - 1 does not.
    for (const [kind, p] of [
      ["binomial", plan.binomial],
      ["hyper", plan.hypergeometric],
    ] as const) {
      const at = (n: number) => {
        const b = errorRateBound(1, n, { confidenceLevel: 0.95, populationSize: kind === "hyper" ? 1500 : undefined });
        return kind === "hyper" ? (b.hypergeometricUpper as number) : b.binomialUpper;
      };
      expect(at(p.n!)).toBeLessThan(0.05);
      expect(at(p.n! - 1)).toBeGreaterThanOrEqual(0.05);
      expect(p.bound).toBe(at(p.n!));
    }
    expect(plan.binomial.n).toBe(93);
    expect(plan.hypergeometric.n).toBe(91);
    // The published 100-item audit with 1 error clears both: 0.0465598 and 68 / 1500.
    expect(plan.binomial.n!).toBeLessThanOrEqual(100);
    expect(errorRateBound(1, 100, { populationSize: 1500 }).hypergeometricUpperCount).toBe(68);
  });

  it("equals a linear scan over many benchmarks, error counts and targets", () => {
    for (const N of [50, 300, 1500]) {
      for (const x of [0, 1, 3]) {
        for (const target of [0.02, 0.05, 0.1]) {
          for (const level of [0.9, 0.95]) {
            const plan = smallestSampleForBound({ populationSize: N, toleratedErrors: x, targetRate: target, confidenceLevel: level });
            expect(plan.binomial.n, `binomial N=${N} x=${x} t=${target}`).toBe(linearScan(N, x, target, level, "binomial"));
            expect(plan.hypergeometric.n, `hyper N=${N} x=${x} t=${target}`).toBe(linearScan(N, x, target, level, "hyper"));
          }
        }
      }
    }
  });

  it("says when not even the whole benchmark gets below the target", () => {
    // 3 errors in a 50-item benchmark are a 6 % error rate, whatever is reviewed.
    const plan = smallestSampleForBound({ populationSize: 50, toleratedErrors: 3, targetRate: 0.05, confidenceLevel: 0.95 });
    expect(plan.hypergeometric).toEqual({ n: null, bound: null, boundCount: null });
    expect(plan.binomial.n).toBeNull();
  });

  it("refuses nonsense", () => {
    expect(() => smallestSampleForBound({ populationSize: 0, toleratedErrors: 0, targetRate: 0.05, confidenceLevel: 0.95 })).toThrow(
      RangeError,
    );
    expect(() => smallestSampleForBound({ populationSize: 10, toleratedErrors: 10, targetRate: 0.05, confidenceLevel: 0.95 })).toThrow(
      RangeError,
    );
    expect(() => smallestSampleForBound({ populationSize: 10, toleratedErrors: 1, targetRate: 1.5, confidenceLevel: 0.95 })).toThrow(
      RangeError,
    );
  });
});

describe("expectedAc1HalfWidth", () => {
  it("solves the rater accuracy from the expected agreement", () => {
    for (const [pa, q] of [
      [0.9, 3],
      [0.5, 3],
      [1, 3],
      [0.8, 2],
    ] as const) {
      const a = raterAccuracyFor(pa, q);
      expect(a * a + (1 - a) ** 2 / (q - 1)).toBeCloseTo(pa, 12);
    }
    expect(raterAccuracyFor(1 / 3, 3)).toBeCloseTo(1 / 3, 12);
  });

  it("is deterministic, and narrows with more items and raters", () => {
    const base = { items: 100, raters: 3, categories: 3, expectedAgreement: 0.9, replicates: 100 };
    const a = expectedAc1HalfWidth(base);
    expect(expectedAc1HalfWidth(base)).toEqual(a);
    expect(a.medianHalfWidth).toBeGreaterThan(0.01);
    expect(a.medianHalfWidth).toBeLessThan(0.2);
    expect(expectedAc1HalfWidth({ ...base, items: 400 }).medianHalfWidth).toBeLessThan(a.medianHalfWidth * 0.7);
    expect(expectedAc1HalfWidth({ ...base, raters: 6 }).medianHalfWidth).toBeLessThan(a.medianHalfWidth);
    // A finite benchmark of 150 items, 100 reviewed: the correction narrows the interval.
    expect(expectedAc1HalfWidth({ ...base, populationSize: 150 }).medianHalfWidth).toBeLessThan(a.medianHalfWidth);
  });

  it("simulates agreement near the stated level", () => {
    const plan = expectedAc1HalfWidth({ items: 2000, raters: 3, categories: 3, expectedAgreement: 0.8, replicates: 5 });
    // AC1 = (pa - pe) / (1 - pe) with pa ≈ 0.8: clearly between chance and perfect.
    expect(plan.medianAc1).toBeGreaterThan(0.6);
    expect(plan.medianAc1).toBeLessThan(0.85);
  });

  it("refuses an agreement below chance", () => {
    expect(() => expectedAc1HalfWidth({ items: 100, raters: 3, categories: 3, expectedAgreement: 0.2 })).toThrow(/chance/);
  });
});
