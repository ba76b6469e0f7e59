import { describe, expect, it } from "vitest";
import { besideRow, emptySeries, exportLinks, formatBytes, p95Row, peakRssMb, type Series } from "./rows";

const series = (ms: number[], over: Partial<Series> = {}): Series => ({ ...emptySeries(), ms, cpuMs: ms.map(() => 10), ...over });

describe("exportLinks", () => {
  it("lists the audit's export files once each, in page order, decoded", () => {
    const html = [
      '<a href="/api/audits/a1/export/ratings-long.csv">x</a>',
      '<a href="/api/audits/a1/export/paragraph.txt?x=1&amp;y=2">',
      '<a href="/api/audits/a1/export/ratings-long.csv">again</a>',
      '<a href="/api/audits/a2/export/other.csv">',
      '<a href="/api/audits/a1/package">',
      '<a href="/api/audits/a1/export/ratings-wide-gold%40t1.csv">',
    ].join("");
    expect(exportLinks(html, "a1")).toEqual(["ratings-long.csv", "paragraph.txt", "ratings-wide-gold@t1.csv"]);
  });
  it("finds nothing in a page without downloads", () => {
    expect(exportLinks("<html></html>", "a1")).toEqual([]);
  });
});

describe("peakRssMb", () => {
  it("reads VmHWM in MB of 10^6 bytes, the unit the row shows and its target reads", () => {
    // 512,000 units of 1,024 bytes: 524.3 MB, over a 500 MB target (it was read as 500 MiB, and met it).
    expect(peakRssMb("Name:\tnext-server\nVmHWM:\t  512000 kB\nVmRSS:\t 1024 kB\n")).toBe(524.288);
    expect(formatBytes(peakRssMb("VmHWM:\t  503000 kB\n") * 1e6)).toBe("515 MB");
  });
  it("is NaN without the line", () => {
    expect(peakRssMb("Name:\tx\n")).toBeNaN();
  });
});

describe("formatBytes", () => {
  it("picks the unit", () => {
    expect([formatBytes(0), formatBytes(512), formatBytes(17_400), formatBytes(2_345_678), formatBytes(23_456_789)]).toEqual([
      "0 B",
      "512 B",
      "17 KB",
      "2.3 MB",
      "23 MB",
    ]);
  });
});

describe("besideRow", () => {
  const base = { key: "k", benchmark: "b", baselineLabel: "/account", target: "≤ 2× /account" };
  it("compares the medians and computes met from the ratio", () => {
    const r = besideRow({ ...base, subject: series([30, 10, 20], { bytes: 2_000 }), baseline: series([10, 12, 8]), limit: 2 });
    expect(r.ratio).toBe(2);
    expect(r.met).toBe(true);
    expect(r.measured).toBe("20.0 ms (CPU 10.0 ms), 2 KB");
    expect(r.baseline).toBe("/account 10.0 ms (CPU 10.0 ms)");
    expect(besideRow({ ...base, subject: series([21]), baseline: series([10]), limit: 2 }).met).toBe(false);
  });
  it("is not met when an answer failed, and says so", () => {
    const r = besideRow({ ...base, subject: series([10], { errors: 1 }), baseline: series([10]), limit: 2 });
    expect(r.met).toBe(false);
    expect(r.note).toMatch(/1 failed/);
  });
  it("has no verdict without samples", () => {
    expect(besideRow({ ...base, subject: series([]), baseline: series([10]), limit: 2 }).met).toBeNull();
  });
});

describe("p95Row", () => {
  it("compares the 95th percentiles", () => {
    const idle = series(Array.from({ length: 20 }, (_, i) => 10 + i));
    const loaded = series(Array.from({ length: 20 }, (_, i) => 20 + 2 * i));
    const r = p95Row({ key: "k", benchmark: "b", subject: loaded, baseline: idle, limit: 2, target: "p95 ≤ 2× idle" });
    expect(r.values.p95Ms).toBe(56);
    expect(r.values.idleP95Ms).toBe(28);
    expect(r.ratio).toBe(2);
    expect(r.met).toBe(true);
  });
});
