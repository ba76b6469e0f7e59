import { describe, expect, it } from "vitest";
import { errorRateBound } from "./error-rate-bound";
import { drawModelStratifiedSample } from "../sampling/stratified";
import { estimateFromDesign, stratifiedErrorRateBound } from "./stratified-bound";

describe("stratifiedErrorRateBound", () => {
  it("weights each stratum's rate by its share of the benchmark", () => {
    const b = stratifiedErrorRateBound([
      { population: 1600, rated: 118, incorrect: 2 },
      { population: 300, rated: 56, incorrect: 6 },
      { population: 100, rated: 26, incorrect: 15 },
    ]);
    expect(b.estimate).toBeCloseTo(0.8 * (2 / 118) + 0.15 * (6 / 56) + 0.05 * (15 / 26), 15);
    const v =
      (0.64 * (1 - 118 / 1600) * (2 / 118) * (116 / 118)) / 117 +
      (0.0225 * (1 - 56 / 300) * (6 / 56) * (50 / 56)) / 55 +
      (0.0025 * (1 - 26 / 100) * (15 / 26) * (11 / 26)) / 25;
    expect(b.variance).toBeCloseTo(v, 15);
    expect(b.degreesOfFreedom).toBe(197);
    expect(b.upper).toBeGreaterThan(b.estimate);
    // Pinned: 2 errors in 118 unsuspected items, 21 in 82 suspect ones, N = 2,000.
    expect(b.upper).toBeCloseTo(0.08342604291862087, 12);
  });

  it("one stratum with no error: n* = (n - 1)/(1 - f), close to Korn & Graubard's n* = n", () => {
    const b = stratifiedErrorRateBound([{ population: 1000, rated: 100, incorrect: 0 }]);
    expect(b.estimate).toBe(0);
    expect(b.variance).toBe(0);
    expect(b.effectiveSampleSize).toBeCloseTo(110, 10);
    expect(b.upper).toBeCloseTo(1 - 0.05 ** (1 / 110), 12);
    // Between the exact hypergeometric bound and Clopper–Pearson at n = 100.
    const exact = errorRateBound(0, 100, { populationSize: 1000 });
    expect(b.upper).toBeLessThan(exact.binomialUpper);
    expect(b.upper).toBeGreaterThan((exact.hypergeometricUpper as number) - 0.005);
  });

  it("no error seen anywhere in an oversampling design still bounds the big stratum", () => {
    // 10 of 900 unsuspected items and 90 of 100 suspect ones, none wrong: the bound must reflect
    // that 900 items were barely looked at, not the 100 items rated.
    const b = stratifiedErrorRateBound([
      { population: 900, rated: 10, incorrect: 0 },
      { population: 100, rated: 90, incorrect: 0 },
    ]);
    expect(b.estimate).toBe(0);
    expect(b.upper).toBeGreaterThan(0.15);
    expect(b.upper).toBeGreaterThan(errorRateBound(0, 100, { populationSize: 1000 }).hypergeometricUpper as number);
  });

  it("a census is exact, all wrong is 1, one item per stratum bounds nothing", () => {
    const census = stratifiedErrorRateBound([
      { population: 40, rated: 40, incorrect: 3 },
      { population: 10, rated: 10, incorrect: 2 },
    ]);
    expect(census.upper).toBeCloseTo(5 / 50, 15);
    expect(census.effectiveSampleSize).toBeNull();
    expect(
      stratifiedErrorRateBound([
        { population: 50, rated: 10, incorrect: 10 },
        { population: 60, rated: 12, incorrect: 12 },
      ]).upper,
    ).toBe(1);
    expect(
      stratifiedErrorRateBound([
        { population: 50, rated: 1, incorrect: 0 },
        { population: 60, rated: 1, incorrect: 0 },
      ]).upper,
    ).toBe(1);
  });

  it("a stratum with a single rated item adds its worst-case variance", () => {
    const b = stratifiedErrorRateBound([
      { population: 40, rated: 40, incorrect: 3 },
      { population: 500, rated: 1, incorrect: 0 },
      { population: 20, rated: 9, incorrect: 9 },
    ]);
    const W = 500 / 560;
    expect(b.variance).toBeCloseTo((W * W * (1 - 1 / 500)) / 4, 15);
  });

  it("rises with the confidence level and refuses a stratum with nothing rated", () => {
    const strata = [
      { population: 1200, rated: 68, incorrect: 4 },
      { population: 500, rated: 72, incorrect: 15 },
    ];
    expect(stratifiedErrorRateBound(strata, { confidenceLevel: 0.99 }).upper).toBeGreaterThan(stratifiedErrorRateBound(strata).upper);
    expect(() => stratifiedErrorRateBound([{ population: 10, rated: 0, incorrect: 0 }])).toThrow(RangeError);
    expect(() => stratifiedErrorRateBound([{ population: 10, rated: 5, incorrect: 6 }])).toThrow(RangeError);
    expect(() => stratifiedErrorRateBound([])).toThrow(RangeError);
    expect(() => stratifiedErrorRateBound(strata, { confidenceLevel: 1 })).toThrow(RangeError);
  });
});

describe("estimateFromDesign", () => {
  const design = {
    allocation: [
      { key: "none", population: 80 },
      { key: "most", population: 20 },
    ],
    strataOf: { a: "none", b: "none", c: "none", d: "most", e: "most" },
  };

  it("tallies rated items per stratum and bounds the weighted rate", () => {
    const verdicts = new Map<string, boolean | null>([
      ["a", false],
      ["b", false],
      ["c", null],
      ["d", true],
      ["e", false],
    ]);
    const r = estimateFromDesign(design, verdicts);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.tallies).toEqual([
      { key: "none", population: 80, rated: 2, incorrect: 0 },
      { key: "most", population: 20, rated: 2, incorrect: 1 },
    ]);
    expect(r.bound.estimate).toBeCloseTo(0.2 * 0.5, 15);
    expect(r.bound).toEqual(stratifiedErrorRateBound(r.tallies));
  });

  it("has no estimate while a stratum has no verdict, and refuses items outside the sample", () => {
    const r = estimateFromDesign(design, new Map([["a", true]]));
    expect(r).toMatchObject({ ok: false, unrated: ["most"] });
    expect(() => estimateFromDesign(design, new Map([["zz", true]]))).toThrow(RangeError);
    expect(() => estimateFromDesign(design, new Map([["__proto__", true]]))).toThrow(RangeError);
  });
});

describe("a drawn sample's recorded design feeds the estimate", () => {
  it("every sampled item counts once, in its stratum", () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ id: `q${i}`, models: 3, disagreeing: i % 10 === 0 ? 3 : i % 7 === 0 ? 1 : 0 }));
    const sample = drawModelStratifiedSample({ items, size: 60, seed: "round trip", allocation: { rule: "oversample", factor: 4 } });
    const wrong = new Set(items.filter((it) => it.disagreeing === 3).map((it) => it.id));
    const r = estimateFromDesign(sample, new Map(sample.ids.map((id) => [id, wrong.has(id)])));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.tallies.map((t) => t.rated)).toEqual(sample.allocation.map((a) => a.allocated));
    // Every "most" item is wrong and no other: the weighted estimate is that stratum's share.
    expect(r.bound.estimate).toBeCloseTo(30 / 300, 15);
  });
});
