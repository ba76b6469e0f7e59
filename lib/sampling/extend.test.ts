import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SamplingError } from "./errors";
import { extendSample } from "./extend";
import { extendedReviewPositions, itemsAfterLaterCutoff, reviewPositions, type OrderableItem } from "./review-order";
import { drawSample, type FrameItem } from "./sample";

const pad = (i: number) => String(i).padStart(3, "0");
const simple = (n: number): FrameItem[] => Array.from({ length: n }, (_, i) => ({ id: `item-${pad(i)}`, strata: {} }));
/** 300 items over chapters A/B/C (150/100/50) and levels 1/2. */
const stratified: FrameItem[] = Array.from({ length: 300 }, (_, i) => ({
  id: `q${pad(i)}`,
  strata: { chapter: i < 150 ? "A" : i < 250 ? "B" : "C", level: String((i % 2) + 1) },
}));

describe("extendSample — simple random sampling", () => {
  it("keeps the first 100 exactly and equals a draw of 150", () => {
    const original = drawSample({ frame: simple(1500), size: 100, seed: 42 });
    const extended = extendSample({ frame: simple(1500), seed: 42, sizes: [100, 150] });
    expect(extended.ids.slice(0, 100)).toEqual(original.ids);
    expect(extended.ids).toEqual(drawSample({ frame: simple(1500), size: 150, seed: 42 }).ids);
    expect(extended.steps).toEqual([expect.objectContaining({ fromSize: 100, toSize: 150, added: extended.ids.slice(100) })]);
  });

  it("two steps give what one step to the same size gives", () => {
    const two = extendSample({ frame: simple(400), seed: "s", sizes: [50, 80, 120] });
    const one = extendSample({ frame: simple(400), seed: "s", sizes: [50, 120] });
    expect(two.ids).toEqual(one.ids);
  });

  it("prefix, determinism and no duplicates for any sizes and seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 1e9 }), (n0, k, seed) => {
        const frame = simple(130);
        const e = extendSample({ frame, seed, sizes: [n0, n0 + k] });
        expect(e.ids.slice(0, n0)).toEqual(drawSample({ frame, size: n0, seed }).ids);
        expect(new Set(e.ids).size).toBe(n0 + k);
        expect(extendSample({ frame: [...frame].reverse(), seed, sizes: [n0, n0 + k] }).ids).toEqual(e.ids);
      }),
      { numRuns: 60 },
    );
  });
});

describe("extendSample — stratified", () => {
  it("keeps the original ids in place and adds each stratum's next draws", () => {
    const original = drawSample({ frame: stratified, size: 30, seed: 7, strata: ["chapter"] });
    const e = extendSample({ frame: stratified, seed: 7, strata: ["chapter"], sizes: [30, 60] });
    expect(e.ids.slice(0, 30)).toEqual(original.ids);
    // The extended set is what a proportional draw of 60 would take.
    expect(new Set(e.ids)).toEqual(new Set(drawSample({ frame: stratified, size: 60, seed: 7, strata: ["chapter"] }).ids));
    expect(e.steps[0]!.allocation.map((a) => a.allocated)).toEqual([30, 20, 10]);
    expect(new Set(e.ids).size).toBe(60);
  });

  it("is deterministic and has no duplicates over two strata keys", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() === s),
        (n0, k, seed) => {
          let e: ReturnType<typeof extendSample>;
          try {
            e = extendSample({ frame: stratified, seed, strata: ["level", "chapter"], sizes: [n0, n0 + k] });
          } catch (error) {
            // A refused step must be the allocation paradox, never anything else.
            expect((error as SamplingError).code).toBe("EXTENSION_NOT_NESTED");
            return;
          }
          expect(e.ids.slice(0, n0)).toEqual(drawSample({ frame: stratified, size: n0, seed, strata: ["chapter", "level"] }).ids);
          expect(new Set(e.ids).size).toBe(n0 + k);
          expect(extendSample({ frame: stratified, seed, strata: ["chapter", "level"], sizes: [n0, n0 + k] }).ids).toEqual(e.ids);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses, naming the stratum, when a larger proportional sample gives a stratum fewer items", () => {
    const paradox: FrameItem[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `x${i}`, strata: { g: "x" } })),
      ...Array.from({ length: 6 }, (_, i) => ({ id: `y${i}`, strata: { g: "y" } })),
      ...Array.from({ length: 2 }, (_, i) => ({ id: `z${i}`, strata: { g: "z" } })),
    ];
    // N = 14: size 10 → 4.29/4.29/1.43 → [4, 4, 2]; size 11 → 4.71/4.71/1.57 → [5, 5, 1]: z shrinks.
    expect(() => extendSample({ frame: paradox, seed: 1, strata: ["g"], sizes: [10, 11] })).toThrow(
      /stratum \["z"\] 1 items, fewer than the 2/,
    );
  });
});

describe("extendSample — bad sizes", () => {
  it("refuses a size that does not grow, or exceeds the frame", () => {
    expect(() => extendSample({ frame: simple(10), seed: 1, sizes: [5, 5] })).toThrow(SamplingError);
    expect(() => extendSample({ frame: simple(10), seed: 1, sizes: [5, 11] })).toThrow(/exceeds the frame size 10/);
  });
});

describe("extendedReviewPositions", () => {
  const items: OrderableItem[] = Array.from({ length: 12 }, (_, i) => ({
    id: `ai${i + 1}`,
    sampleOrder: i + 1,
    patientId: `p${i % 4}`,
    cutoff: new Date(Date.UTC(2026, 0, 1 + i)),
    decisionPoint: Math.floor(i / 4) + 1,
  }));

  it("keeps every original position and puts the added items after them", () => {
    const before = reviewPositions(items.slice(0, 8), "seed", "per-rater", "u1");
    const after = extendedReviewPositions(items, "seed", "per-rater", "u1", [{ fromSize: 8, toSize: 12 }]);
    for (const [id, p] of before) expect(after.get(id)).toBe(p);
    expect(
      items
        .slice(8)
        .map((i) => after.get(i.id)!)
        .sort((a, b) => a - b),
    ).toEqual([9, 10, 11, 12]);
    expect(extendedReviewPositions(items, "seed", "per-rater", "u1", [])).toEqual(reviewPositions(items, "seed", "per-rater", "u1"));
  });

  it("finds added items whose patient already has a later decision point", () => {
    const existing = items.slice(4, 8); // p0..p3, January 5–8
    const added = [items[0]!, items[8]!]; // p0 on January 1 (earlier: at risk), p0 on January 9 (later: fine)
    expect(itemsAfterLaterCutoff(existing, added)).toEqual(["ai1"]);
  });
});
