import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { percentileBounds, quantileSelect, quantileSorted } from "./quantile";

describe("type-7 quantile", () => {
  it("matches R quantile(type = 7) on a small sample", () => {
    // R: quantile(c(1, 2, 4, 8, 16), c(0, .025, .25, .5, .975, 1)) = 1 1.1 2 4 15.2 16
    const x = [1, 2, 4, 8, 16];
    expect(quantileSorted(x, 0)).toBe(1);
    expect(quantileSorted(x, 0.025)).toBeCloseTo(1.1, 12);
    expect(quantileSorted(x, 0.25)).toBe(2);
    expect(quantileSorted(x, 0.5)).toBe(4);
    expect(quantileSorted(x, 0.975)).toBeCloseTo(15.2, 12);
    expect(quantileSorted(x, 1)).toBe(16);
  });

  it("drops NaN, does not mutate, sorts numerically", () => {
    const v = Float64Array.from([10, NaN, 2, 1]);
    expect(percentileBounds(v, 0.5)).toEqual({ lower: 1.5, upper: 6, used: 3 });
    expect(Number.isNaN(v[1])).toBe(true);
  });

  it("rejects empty samples and bad probabilities", () => {
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], 1.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], NaN)).toThrow(RangeError);
  });

  it("selection gives the sorted quantile exactly (ties, NaN-free samples of any size)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (xs, p) => {
          const values = Float64Array.from(xs, (x) => x / 7);
          const sorted = Float64Array.from(values).sort();
          expect(quantileSelect(Float64Array.from(values), p)).toBe(quantileSorted(sorted, p));
        },
      ),
      { numRuns: 500 },
    );
  });
});
