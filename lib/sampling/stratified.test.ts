import { describe, expect, it } from "vitest";
import { codeOf } from "./__fixtures__/error-code";
import { disagreementCounts, drawModelStratifiedSample, modelStrata, stratumOf, type ItemDisagreement } from "./stratified";

const twelve: ItemDisagreement[] = Array.from({ length: 12 }, (_, i) => ({
  id: `item-${i}`,
  models: 3,
  disagreeing: i % 4 === 0 ? 2 : i % 3 === 0 ? 1 : 0,
}));

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
