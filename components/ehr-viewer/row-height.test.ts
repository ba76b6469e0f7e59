import { describe, expect, it } from "vitest";
import { buildDemoEvents } from "./fixtures";
import { estimateEventHeight, estimateLines, estimateRowHeight, HEADER_HEIGHT } from "./row-height";

describe("row height estimates", () => {
  it("counts wrapped lines, with CJK glyphs twice as wide", () => {
    expect(estimateLines("short", 600)).toBe(1);
    expect(estimateLines("a\nb\nc", 600)).toBe(3);
    expect(estimateLines("x".repeat(200), 720)).toBe(2);
    expect(estimateLines("孕".repeat(50), 700)).toBe(1);
    expect(estimateLines("孕".repeat(100), 700)).toBe(2);
  });
  it("grows with panels and long text, shrinks in width", () => {
    const [plain] = buildDemoEvents({ count: 1 });
    const base = { ...plain!, measurement: null, items: [], text: null };
    const lone = estimateEventHeight(base, 800);
    const panel = estimateEventHeight(
      { ...base, items: new Array(6).fill({ name: "x", value: 1, unit: null, refLow: null, refHigh: null, flag: null }) },
      800,
    );
    const note = estimateEventHeight({ ...base, text: "word ".repeat(800) }, 800);
    expect(lone).toBeGreaterThan(30);
    expect(panel).toBeGreaterThan(lone + 100);
    expect(note).toBeGreaterThan(500);
    expect(estimateEventHeight({ ...base, text: "word ".repeat(800) }, 400)).toBeGreaterThan(note);
  });
  it("gives headers their fixed height", () => {
    expect(estimateRowHeight({ kind: "header", key: "h", day: 0, order: 0 }, 800)).toBe(HEADER_HEIGHT);
  });
});
