import { describe, expect, it } from "vitest";
import { errorRateBound } from "./error-rate-bound";

/** P(X ≤ x) for X ~ Binomial(n, p), summed directly. */
function binomialCdf(x: number, n: number, p: number): number {
  let term = (1 - p) ** n;
  let s = term;
  for (let k = 1; k <= x; k++) {
    term *= ((n - k + 1) / k) * (p / (1 - p));
    s += term;
  }
  return s;
}

/** P(X ≤ x) for the hypergeometric law, exactly with BigInt binomial coefficients. */
function hyperCdf(x: number, N: number, K: number, n: number): number {
  const choose = (a: number, b: number): bigint => {
    if (b < 0 || b > a) return 0n;
    let r = 1n;
    for (let i = 1; i <= b; i++) r = (r * BigInt(a - b + i)) / BigInt(i);
    return r;
  };
  let num = 0n;
  for (let k = 0; k <= x; k++) num += choose(K, k) * choose(N - K, n - k);
  const den = choose(N, n);
  const scale = 10n ** 30n;
  return Number((num * scale) / den) / 1e30;
}

describe("errorRateBound: Clopper–Pearson", () => {
  it("x = 0 gives 1 - alpha^(1/n)", () => {
    const b = errorRateBound(0, 100);
    expect(b.binomialUpper).toBeCloseTo(1 - 0.05 ** (1 / 100), 14);
    expect(b.binomialUpper).toBeCloseTo(0.029513049607, 11);
    expect(errorRateBound(0, 30, { confidenceLevel: 0.99 }).binomialUpper).toBeCloseTo(1 - 0.01 ** (1 / 30), 14);
  });

  it("solves P(X ≤ x | n, p) = alpha", () => {
    for (const [x, n] of [
      [1, 20],
      [3, 100],
      [7, 50],
      [15, 40],
    ] as const) {
      const p = errorRateBound(x, n).binomialUpper;
      expect(binomialCdf(x, n, p), `${x}/${n}`).toBeCloseTo(0.05, 12);
    }
  });

  it("is 1 when every sampled item is incorrect, and reports the observed rate", () => {
    expect(errorRateBound(10, 10).binomialUpper).toBe(1);
    expect(errorRateBound(3, 100).observedRate).toBe(0.03);
    expect(errorRateBound(0, 0)).toMatchObject({ observedRate: null, binomialUpper: 1 });
  });
});

describe("errorRateBound: hypergeometric", () => {
  it("is the largest K with P(X ≤ x | N, K, n) ≥ alpha", () => {
    for (const [x, n, N] of [
      [0, 100, 1000],
      [3, 100, 500],
      [5, 50, 60],
      [2, 20, 45],
      [0, 10, 11],
    ] as const) {
      const b = errorRateBound(x, n, { populationSize: N });
      const K = b.hypergeometricUpperCount ?? NaN;
      expect(hyperCdf(x, N, K, n), `K=${K}`).toBeGreaterThanOrEqual(0.05);
      if (K < N - (n - x)) expect(hyperCdf(x, N, K + 1, n), `K+1=${K + 1}`).toBeLessThan(0.05);
      expect(b.hypergeometricUpper).toBe(K / N);
    }
  });

  it("is no looser than the binomial bound", () => {
    for (const N of [120, 500, 5000, 100000]) {
      for (const x of [0, 1, 3, 10]) {
        const b = errorRateBound(x, 100, { populationSize: N });
        expect(b.hypergeometricUpper ?? 2, `N=${N} x=${x}`).toBeLessThanOrEqual(b.binomialUpper);
      }
    }
  });

  it("pins K to what was seen when the whole benchmark was sampled", () => {
    expect(errorRateBound(4, 40, { populationSize: 40 })).toMatchObject({ hypergeometricUpperCount: 4, hypergeometricUpper: 0.1 });
  });

  it("is null without a population size", () => {
    expect(errorRateBound(1, 10)).toMatchObject({ populationSize: null, hypergeometricUpper: null, hypergeometricUpperCount: null });
  });

  it("rejects impossible inputs", () => {
    expect(() => errorRateBound(11, 10)).toThrow(RangeError);
    expect(() => errorRateBound(-1, 10)).toThrow(RangeError);
    expect(() => errorRateBound(1, 10, { populationSize: 9 })).toThrow(RangeError);
    expect(() => errorRateBound(1, 10, { confidenceLevel: 1 })).toThrow(RangeError);
  });
});
