import { describe, expect, it } from "vitest";
import { SamplingError } from "./errors";
import {
  allocateStrata,
  allocationWeights,
  disagreementCounts,
  drawModelStratifiedSample,
  modelStrata,
  stratumOf,
  type ItemDisagreement,
} from "./stratified";

const twelve: ItemDisagreement[] = Array.from({ length: 12 }, (_, i) => ({
  id: `item-${i}`,
  models: 3,
  disagreeing: i % 4 === 0 ? 2 : i % 3 === 0 ? 1 : 0,
}));

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof SamplingError) return e.code;
    throw e;
  }
  return undefined;
}

describe("strata by model disagreement", () => {
  it("puts zero disagreement in none, at most half in some, a strict majority in most", () => {
    expect(stratumOf(0, 0)).toBe("unpredicted");
    expect(stratumOf(5, 0)).toBe("none");
    expect(stratumOf(5, 1)).toBe("some");
    expect(stratumOf(5, 2)).toBe("some");
    expect(stratumOf(5, 3)).toBe("most");
    expect(stratumOf(4, 2)).toBe("some"); // exactly half is not a majority
    expect(stratumOf(4, 3)).toBe("most");
    expect(stratumOf(1, 1)).toBe("most");
    expect(codeOf(() => stratumOf(2, 3))).toBe("INVALID_DESIGN");
  });

  it("counts a model once per item, disagreeing if any of its rows is wrong", () => {
    const counts = disagreementCounts(
      ["a", "b", "c"],
      [
        { model: "m1", itemId: "a", correct: true },
        { model: "m1", itemId: "a", correct: false }, // a second turn, wrong
        { model: "m2", itemId: "a", correct: true },
        { model: "m1", itemId: "b", correct: true },
        { model: "m1", itemId: "zzz", correct: false }, // not in the frame
      ],
    );
    expect(counts).toEqual([
      { id: "a", models: 2, disagreeing: 1 },
      { id: "b", models: 1, disagreeing: 0 },
      { id: "c", models: 0, disagreeing: 0 },
    ]);
  });

  it("groups in stratum order, ids in code-unit order, and drops empty strata", () => {
    const strata = modelStrata(twelve);
    expect(strata.map((s) => s.key)).toEqual(["none", "some", "most"]);
    expect(strata[2]?.ids).toEqual(["item-0", "item-4", "item-8"]);
    expect(codeOf(() => modelStrata([...twelve, { id: "item-1", models: 0, disagreeing: 0 }]))).toBe("DUPLICATE_ID");
    expect(codeOf(() => modelStrata([]))).toBe("EMPTY_FRAME");
  });
});

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

describe("the seeded draw", () => {
  it("is reproducible and pinned (golden values: they must never change)", () => {
    const s = drawModelStratifiedSample({ items: twelve, size: 6, seed: "42", allocation: { rule: "oversample", factor: 3 } });
    expect(s.allocation.map((a) => [a.key, a.population, a.allocated])).toEqual([
      ["none", 6, 2],
      ["some", 3, 2],
      ["most", 3, 2],
    ]);
    expect(s.ids).toEqual(["item-2", "item-6", "item-9", "item-4", "item-8", "item-5"]);
    expect(s.strataOf).toEqual({
      "item-2": "none",
      "item-5": "none",
      "item-9": "some",
      "item-6": "some",
      "item-4": "most",
      "item-8": "most",
    });
    const again = drawModelStratifiedSample({
      items: [...twelve].reverse(),
      size: 6,
      seed: 42,
      allocation: { rule: "oversample", factor: 3 },
    });
    expect(again.ids).toEqual(s.ids);
    expect(again.frameChecksum).toBe(s.frameChecksum);
  });

  it("draws a different sample from another seed, within the same allocation", () => {
    const a = drawModelStratifiedSample({ items: twelve, size: 6, seed: "42", allocation: { rule: "proportional" } });
    const b = drawModelStratifiedSample({ items: twelve, size: 6, seed: "43", allocation: { rule: "proportional" } });
    expect(a.allocation).toEqual(b.allocation);
    expect(new Set(a.ids)).not.toEqual(new Set(b.ids));
  });

  it("records the design: rule, N_h, n_h and each sampled item's stratum", () => {
    const rule = { rule: "neyman" as const, priorErrorRates: { none: 0.05, some: 0.2, most: 0.5 } };
    const s = drawModelStratifiedSample({ items: twelve, size: 9, seed: "x", allocation: rule });
    expect(s.allocationRule).toEqual(rule);
    expect(s.allocation.reduce((a, r) => a + r.allocated, 0)).toBe(9);
    expect(Object.keys(s.strataOf).sort()).toEqual([...s.ids].sort());
    for (const r of s.allocation) expect(s.ids.filter((id) => s.strataOf[id] === r.key)).toHaveLength(r.allocated);
    expect(codeOf(() => drawModelStratifiedSample({ items: twelve, size: 6, seed: " x", allocation: rule }))).toBe("INVALID_SEED");
  });
});
