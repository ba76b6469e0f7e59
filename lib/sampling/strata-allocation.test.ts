import { describe, expect, it } from "vitest";
import { codeOf } from "./__fixtures__/error-code";
import { allocateStrata, allocationWeights } from "./strata-allocation";

describe("allocation", () => {
  const strata = [
    { key: "none" as const, size: 1600 },
    { key: "some" as const, size: 300 },
    { key: "most" as const, size: 100 },
  ];

  it("weights: proportional, Neyman with the stated priors, oversampling the suspect strata", () => {
    expect(allocationWeights(strata, { rule: "proportional" })).toEqual([1600, 300, 100]);
    expect(allocationWeights(strata, { rule: "oversample", factor: 3 })).toEqual([1600, 900, 300]);
    const w = allocationWeights(strata, { rule: "neyman", priorErrorRates: { none: 0.02, some: 0.15, most: 0.5 } });
    expect(w[0]).toBeCloseTo(1600 * Math.sqrt(0.02 * 0.98), 12);
    expect(w[2]).toBeCloseTo(50, 12);
    expect(codeOf(() => allocationWeights(strata, { rule: "neyman", priorErrorRates: { none: 0.02, some: 0.1 } }))).toBe("INVALID_DESIGN");
    expect(codeOf(() => allocationWeights(strata, { rule: "neyman", priorErrorRates: { none: 0, some: 0.1, most: 0.5 } }))).toBe(
      "INVALID_DESIGN",
    );
    expect(codeOf(() => allocationWeights(strata, { rule: "oversample", factor: 0.5 }))).toBe("INVALID_DESIGN");
  });

  it("proportional allocation is Hamilton's largest remainder, ties to the earlier stratum", () => {
    expect(allocateStrata([1600, 300, 100], [1600, 300, 100], 200)).toEqual([160, 30, 10]);
    expect(allocateStrata([10, 10, 10], [10, 10, 10], 10)).toEqual([4, 3, 3]);
    expect(allocateStrata([10, 10, 10], [10, 10, 10], 11)).toEqual([4, 4, 3]);
  });

  it("never gives a stratum more than it holds, and at least two where n allows", () => {
    // Oversampling by 10 would want 10·5/(60+100) of 40 for the small strata: capped at 5.
    expect(allocateStrata([60, 5, 5], [60, 50, 50], 40)).toEqual([30, 5, 5]);
    // The big stratum keeps its minimum of two although its weight asks for less.
    expect(allocateStrata([1000, 50, 50], [1, 1000, 1000], 60)).toEqual([2, 29, 29]);
    // Too small for two each: one each.
    expect(allocateStrata([1000, 50, 50], [1, 1000, 1000], 5)).toEqual([1, 2, 2]);
    // A stratum of one item gets it.
    expect(allocateStrata([30, 1, 1], [30, 10, 10], 5)).toEqual([3, 1, 1]);
    for (const n of [3, 7, 50, 100, 1099, 1100]) {
      const a = allocateStrata([1000, 50, 50], [1, 1000, 1000], n);
      expect(a.reduce((x, y) => x + y, 0)).toBe(n);
      a.forEach((v, h) => {
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual([1000, 50, 50][h] as number);
      });
    }
  });

  it("refuses n below the number of strata or above the benchmark", () => {
    expect(codeOf(() => allocateStrata([10, 10, 10], [1, 1, 1], 2))).toBe("INVALID_DESIGN");
    expect(codeOf(() => allocateStrata([10, 10, 10], [1, 1, 1], 31))).toBe("SIZE_EXCEEDS_FRAME");
    expect(codeOf(() => allocateStrata([10, 10, 10], [1, 1, 1], 0))).toBe("INVALID_SIZE");
  });
});
