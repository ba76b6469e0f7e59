import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildDemoEvents } from "./fixtures";
import { flattenRows, groupByDay } from "./group";
import { estimateRowHeight } from "./row-height";
import { findStartIndex, prefixSums, scrollTopFor, totalHeight, updateHeight, updateHeights, visibleRange } from "./windowing";

describe("prefixSums", () => {
  it("has n + 1 entries, from 0 to the total", () => {
    expect(Array.from(prefixSums([10, 20, 30]))).toEqual([0, 10, 30, 60]);
    expect(Array.from(prefixSums([]))).toEqual([0]);
    expect(totalHeight(prefixSums([5, 5]))).toBe(10);
  });
});

describe("findStartIndex", () => {
  const offsets = prefixSums([10, 20, 30]); // tops 0, 10, 30; total 60
  it("returns the row containing y", () => {
    expect(findStartIndex(offsets, 0)).toBe(0);
    expect(findStartIndex(offsets, 9.9)).toBe(0);
    expect(findStartIndex(offsets, 10)).toBe(1);
    expect(findStartIndex(offsets, 29)).toBe(1);
    expect(findStartIndex(offsets, 30)).toBe(2);
  });
  it("clamps above and below", () => {
    expect(findStartIndex(offsets, -50)).toBe(0);
    expect(findStartIndex(offsets, 60)).toBe(2);
    expect(findStartIndex(offsets, 1e9)).toBe(2);
    expect(findStartIndex(prefixSums([]), 10)).toBe(0);
  });
  it("agrees with a linear scan (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 200 }), fc.integer({ min: -100, max: 100_000 }), (heights, y) => {
        const offsets = prefixSums(heights);
        let expected = 0;
        for (let i = 0; i < heights.length; i++) if ((offsets[i] as number) <= y) expected = i;
        expect(findStartIndex(offsets, y)).toBe(expected);
      }),
    );
  });
});

describe("visibleRange", () => {
  const offsets = prefixSums(new Array(100).fill(50)); // 100 rows × 50px
  it("covers the viewport plus overscan", () => {
    expect(visibleRange(offsets, 0, 200, 2)).toEqual({ start: 0, end: 6 });
    expect(visibleRange(offsets, 1000, 200, 2)).toEqual({ start: 18, end: 26 });
    expect(visibleRange(offsets, 1025, 200, 0)).toEqual({ start: 20, end: 25 });
  });
  it("clamps at the end and for empty lists", () => {
    expect(visibleRange(offsets, 4900, 200, 3)).toEqual({ start: 95, end: 100 });
    expect(visibleRange(offsets, 1e9, 200, 3)).toEqual({ start: 96, end: 100 });
    expect(visibleRange(prefixSums([]), 0, 200)).toEqual({ start: 0, end: 0 });
  });
  it("caps the number of rows so the DOM stays bounded", () => {
    const tiny = prefixSums(new Array(10_000).fill(1));
    const r = visibleRange(tiny, 0, 5000, 4, 80);
    expect(r.end - r.start).toBe(80);
  });
  it("always includes every row intersecting the viewport (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 300 }), fc.nat(50_000), fc.integer({ min: 1, max: 900 }), (heights, top, vh) => {
        const offsets = prefixSums(heights);
        const { start, end } = visibleRange(offsets, top, vh, 2, 10_000);
        for (let i = 0; i < heights.length; i++) {
          const a = offsets[i] as number;
          const b = offsets[i + 1] as number;
          if (b > top && a < top + vh) {
            expect(i).toBeGreaterThanOrEqual(start);
            expect(i).toBeLessThan(end);
          }
        }
      }),
    );
  });
});

describe("updating heights", () => {
  it("updateHeight shifts later offsets and returns the delta", () => {
    const heights = new Float64Array([10, 20, 30]);
    const offsets = prefixSums(heights);
    expect(updateHeight(heights, offsets, 1, 50)).toBe(30);
    expect(Array.from(offsets)).toEqual([0, 10, 60, 90]);
    expect(updateHeight(heights, offsets, 1, 50)).toBe(0);
    expect(updateHeight(heights, offsets, 9, 50)).toBe(0);
  });
  it("updateHeights applies a batch and reports growth above the anchor", () => {
    const heights = new Float64Array([10, 10, 10, 10, 10]);
    const offsets = prefixSums(heights);
    const r = updateHeights(heights, offsets, [[3, 40], [0, 25], [1, 10.2]], 2);
    expect(r).toEqual({ changed: true, shiftAboveAnchor: 15 });
    expect(Array.from(offsets)).toEqual([0, 25, 35, 45, 85, 95]);
    expect(updateHeights(heights, offsets, [[0, 25.3]], 2)).toEqual({ changed: false, shiftAboveAnchor: 0 });
  });
  it("matches a full rebuild after random updates (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 100 }),
        fc.array(fc.tuple(fc.nat(99), fc.integer({ min: 1, max: 900 })), { maxLength: 30 }),
        (initial, updates) => {
          const heights = Float64Array.from(initial);
          const offsets = prefixSums(heights);
          updateHeights(heights, offsets, updates, 0);
          expect(Array.from(offsets)).toEqual(Array.from(prefixSums(heights)));
        },
      ),
    );
  });
});

describe("scrollTopFor", () => {
  const offsets = prefixSums(new Array(100).fill(50));
  it("aligns to the start below an inset, or centres", () => {
    expect(scrollTopFor(offsets, 10, 400, "start")).toBe(500);
    expect(scrollTopFor(offsets, 10, 400, "start", 36)).toBe(464);
    expect(scrollTopFor(offsets, 10, 400, "center")).toBe(325);
    expect(scrollTopFor(offsets, 10, 436, "center", 36)).toBe(325 - 36);
  });
  it("falls back to start alignment for rows taller than the viewport and clamps", () => {
    const tall = prefixSums([100, 2000, 100]);
    expect(scrollTopFor(tall, 1, 500, "center", 36)).toBe(64);
    expect(scrollTopFor(offsets, 0, 400, "center")).toBe(0);
    expect(scrollTopFor(offsets, 99, 400)).toBe(4600);
    expect(scrollTopFor(offsets, 500, 400)).toBe(4600);
    expect(scrollTopFor(prefixSums([]), 0, 400)).toBe(0);
  });
});

describe("5,000-event history", () => {
  const rows = flattenRows(groupByDay(buildDemoEvents({ count: 5000 }))).rows;
  const heights = Float64Array.from(rows.map((r) => estimateRowHeight(r, 800)));
  const offsets = prefixSums(heights);

  it("finds the window anywhere in the history with a bounded row count", () => {
    const total = totalHeight(offsets);
    expect(total).toBeGreaterThan(100_000);
    for (const frac of [0, 0.1, 0.333, 0.5, 0.9, 0.999, 1]) {
      const top = Math.max(0, total * frac - 720);
      const { start, end } = visibleRange(offsets, top, 720, 4);
      expect(end - start).toBeGreaterThan(0);
      expect(end - start).toBeLessThanOrEqual(80);
      expect(offsets[start] as number).toBeLessThanOrEqual(top);
      expect(offsets[end] as number).toBeGreaterThanOrEqual(Math.min(total, top + 720));
    }
  });
  it("answers 100,000 offset lookups quickly (binary search)", () => {
    const total = totalHeight(offsets);
    const t0 = performance.now();
    let sink = 0;
    for (let i = 0; i < 100_000; i++) sink += findStartIndex(offsets, (i * 7919) % total);
    expect(sink).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeLessThan(200);
  });
  it("keeps offsets consistent after measuring a window of rows", () => {
    const h = heights.slice();
    const o = offsets.slice();
    const updates: [number, number][] = [];
    for (let i = 2500; i < 2530; i++) updates.push([i, (h[i] as number) + 13]);
    const r = updateHeights(h, o, updates, 2510);
    expect(r.shiftAboveAnchor).toBe(10 * 13);
    expect(totalHeight(o)).toBe(totalHeight(offsets) + 30 * 13);
    expect(Array.from(o)).toEqual(Array.from(prefixSums(h)));
  });
});
