import { describe, expect, it } from "vitest";
import { median, percentile, summarize } from "./stats";

describe("percentile (nearest rank)", () => {
  const xs = [15, 20, 35, 40, 50];
  it("matches the textbook nearest-rank values", () => {
    expect(percentile(xs, 5)).toBe(15);
    expect(percentile(xs, 30)).toBe(20);
    expect(percentile(xs, 40)).toBe(20);
    expect(percentile(xs, 50)).toBe(35);
    expect(percentile(xs, 100)).toBe(50);
  });
  it("does not depend on input order and does not sort the input in place", () => {
    const shuffled = [50, 15, 40, 20, 35];
    expect(percentile(shuffled, 95)).toBe(50);
    expect(shuffled).toEqual([50, 15, 40, 20, 35]);
  });
  it("p95 of 1..100 is 95", () => {
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
  });
  it("rejects p outside (0, 100] and gives NaN for no samples", () => {
    expect(() => percentile(xs, 0)).toThrow(RangeError);
    expect(() => percentile(xs, 101)).toThrow(RangeError);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("median", () => {
  it("is the lower middle value for an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe("summarize", () => {
  it("reports n, p50, p95, p99, max and the mean", () => {
    expect(summarize([5, 1, 9, 3])).toEqual({ n: 4, p50: 3, p95: 9, p99: 9, max: 9, mean: 4.5 });
  });

  it("keeps a tail the p95 does not reach: p99 and mean see the starved few", () => {
    const samples = [...Array.from({ length: 98 }, () => 10), 3000, 4000];
    const s = summarize(samples);
    expect([s.p50, s.p95, s.p99, s.max]).toEqual([10, 10, 3000, 4000]);
    expect(s.mean).toBeCloseTo(79.8, 10);
  });
});
