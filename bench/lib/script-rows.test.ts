import { describe, expect, it } from "vitest";
import { agreementRows, bootstrapRows, importRows } from "./script-rows";

describe("rows from the script benchmarks", () => {
  it("import: ratio from the script, target 2×, memory beside it", () => {
    const [wall, rss] = importRows(
      { rows: 249814, baseline: { wallMs: 7700, peakRssMb: 223 }, import: { wallMs: 19700, peakRssMb: 443 }, ratio: 2.56, layout: "jsonl" },
      3,
      "full size",
    );
    expect(wall!.measured).toBe("19.7 s");
    expect(wall!.baseline).toBe("raw better-sqlite3 7.70 s");
    expect(wall!.met).toBe(false);
    expect(wall!.benchmark).toBe("import, full size (249,814 rows)");
    expect(rss!.measured).toBe("443 MB");
    expect(rss!.ratio).toBeCloseTo(443 / 223);
    expect(rss!.met).toBeNull();
  });
  it("bundle import: its own keys and label, memory against 500 MB", () => {
    const [wall, rss] = importRows(
      {
        rows: 249814,
        baseline: { wallMs: 7700, peakRssMb: 223 },
        import: { wallMs: 14000, peakRssMb: 380 },
        ratio: 1.82,
        layout: "bundle",
      },
      1,
      "full size",
    );
    expect([wall!.key, rss!.key]).toEqual(["bundle-import.wall", "bundle-import.rss"]);
    expect(wall!.benchmark).toBe("bundle import, full size (249,814 rows)");
    expect(wall!.met).toBe(true);
    expect([rss!.target, rss!.met]).toEqual(["≤ 500 MB", true]);
  });
  it("agreement: one row per size (the large one against 3× the tally), then AC1 alone against irrCAC", () => {
    const sizes = [
      { items: 1500, raters: 12, ratings: 18000, runs: 5, reportMs: 67, baselineMs: 0.6 },
      { items: 100000, raters: 5, ratings: 500000, runs: 3, reportMs: 100, baselineMs: 35 },
    ];
    const ac1 = {
      items: 100000,
      raters: 5,
      runs: 5,
      ac1Ms: 20,
      irrcacMs: null,
      irrcacRecordedMs: 131,
      irrcacMissing: "Rscript is not installed",
    };
    const rows = agreementRows({ sizes, ac1 });
    expect(rows.map((r) => r.key)).toEqual(["agreement.1500x12", "agreement.100000x5", "agreement.ac1.100000x5"]);
    expect(rows[1]!.benchmark).toBe("agreement report, 100,000 items × 5 raters");
    expect(rows[0]!.ratio).toBeCloseTo(67 / 0.6);
    expect(rows.map((r) => r.met)).toEqual([null, true, true]);
    expect(rows[2]!.baseline).toBe("irrCAC 1.0 131 ms (recorded in issue 17, not this run)");
    expect(agreementRows({ sizes, ac1: { ...ac1, irrcacMs: 90, irrcacMissing: null } })[2]!.met).toBe(false);
  });
  it("bootstrap: one bootstrap and the whole report, each against NumPy of the same run", () => {
    const base = {
      cases: 1500,
      patients: 976,
      replicates: 10000,
      runs: 5,
      pairs: 15,
      sharedMs: 120,
      engine1Ms: 300,
      reportMs: 200,
      reportEngine1Ms: null,
      repeatable: true,
    };
    const rows = bootstrapRows({ ...base, numpy: { version: "2.4.6", oneMs: 150, reportMs: 240 }, numpyMissing: null });
    expect(rows.map((r) => [r.key, r.ratio, r.met])).toEqual([
      ["bootstrap", 120 / 150, true],
      ["bootstrap.report", 200 / 240, true],
    ]);
    const without = bootstrapRows({ ...base, numpy: null, numpyMissing: "no module named numpy" });
    expect(without.map((r) => [r.baseline, r.met])).toEqual([
      ["NumPy not measured: no module named numpy", null],
      ["NumPy not measured: no module named numpy", null],
    ]);
  });
});
