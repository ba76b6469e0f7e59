import { describe, expect, it } from "vitest";
import { failedRow, formatMs, formatRatio, formatTable, type BenchRow } from "./table";

const row = (over: Partial<BenchRow>): BenchRow => ({
  key: "k",
  benchmark: "b",
  measured: "1 ms",
  baseline: "2 ms",
  ratio: 0.5,
  target: "—",
  met: null,
  values: {},
  ...over,
});

describe("formatTable", () => {
  it("aligns the six columns and numbers the notes", () => {
    const text = formatTable([
      row({
        benchmark: "case page p95",
        measured: "120 ms",
        baseline: "30.0 ms",
        ratio: 4,
        target: "≤ 3× static",
        met: false,
        note: "noisy machine",
      }),
      row({ benchmark: "saves", measured: "12.0 ms", baseline: "3.00 ms", ratio: 4, target: "p95 ≤ 30 ms", met: true }),
      row({ benchmark: "agreement", ratio: null }),
    ]);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^benchmark\s+\| measured\s+\| baseline\s+\| ratio\s+\| target\s+\| met\?$/);
    expect(lines[2]).toContain("case page p95 [1] | 120 ms");
    expect(lines[2]).toMatch(/4\.00×\s+\| ≤ 3× static \| NO$/);
    expect(lines[3]).toMatch(/\| yes$/);
    expect(lines[4]).toMatch(/\| —\s+\| —\s+\| —$/);
    expect(lines.at(-1)).toBe("[1] noisy machine");
    // Every data line has its column separators at the same places as the header.
    const bars = (l: string) => [...l].flatMap((ch, i) => (ch === "|" ? [i] : []));
    for (const l of lines.slice(2, 5)) expect(bars(l)).toEqual(bars(lines[0]!));
  });
  it("shows a failed benchmark with its error instead of figures", () => {
    const text = formatTable([failedRow("import", "import", "≤ 2×", new Error("no --json line\nstack"))]);
    expect(text).toContain("not measured");
    expect(text).toContain("[1] error: no --json line");
    expect(text).not.toContain("stack");
  });
});

describe("number formats", () => {
  it("ratios keep about three significant digits", () => {
    expect(formatRatio(2.5678)).toBe("2.57×");
    expect(formatRatio(12.34)).toBe("12.3×");
    expect(formatRatio(1234.5)).toBe("1235×");
    expect(formatRatio(null)).toBe("—");
    expect(formatRatio(Number.POSITIVE_INFINITY)).toBe("—");
  });
  it("durations switch to seconds above one second", () => {
    expect(formatMs(0.456)).toBe("0.46 ms");
    expect(formatMs(45.6)).toBe("45.6 ms");
    expect(formatMs(456.2)).toBe("456 ms");
    expect(formatMs(4562)).toBe("4.56 s");
    expect(formatMs(45620)).toBe("45.6 s");
  });
});
