import { describe, expect, it } from "vitest";
import { runAgreement } from "../../bin/commands/agreement";
import { driftAudit } from "./__fixtures__/drift-audit";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { csvText } from "../csv";
import { agreementOverTime, hasRatingTimes, strictMajority, windowBounds } from "./over-time";
import type { AuditSnapshot } from "./types";

async function cliJson(csv: string, categories: string, tie: string) {
  let stdout = "";
  const code = await runAgreement(["ratings.csv", "--json", "--categories", categories, "--tie-category", tie], {
    stdout: (s) => (stdout += s),
    stderr: () => {},
    readFile: async () => csv,
  });
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

const overTime = (s: AuditSnapshot) => computeAuditReport(s).agreementOverTime!;

describe("strictMajority", () => {
  it("is the one most frequent category, or null when none or tied at the top", () => {
    expect(strictMajority([])).toBeNull();
    expect(strictMajority(["a"])).toBe("a");
    expect(strictMajority(["a", "b"])).toBeNull();
    expect(strictMajority(["b", "a", "b"])).toBe("b");
    expect(strictMajority(["a", "b", "b", "a", "c"])).toBeNull();
    expect(strictMajority(["c", "a", "b", "b", "a", "a"])).toBe("a");
    // A tie below the top does not matter.
    expect(strictMajority(["a", "a", "a", "b", "c"])).toBe("a");
  });
});

describe("windowBounds", () => {
  it("cuts n things into k windows whose sizes differ by at most one, never more windows than things", () => {
    expect(windowBounds(20, 6)).toEqual([
      [0, 3],
      [3, 6],
      [6, 10],
      [10, 13],
      [13, 16],
      [16, 20],
    ]);
    expect(windowBounds(3, 6)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(windowBounds(0, 6)).toEqual([]);
  });
});

describe("agreement over time", () => {
  it("is left out of a report whose ratings carry no times", () => {
    expect(hasRatingTimes(smallAudit())).toBe(false);
    expect(computeAuditReport(smallAudit()).agreementOverTime).toBeUndefined();
  });

  it("gives each window the AC1 `clinaudit agreement` computes on that window's ratings", async () => {
    const s = driftAudit({ items: 90, flipShare: 0.4 });
    const d = overTime(s).dimensions[0]!;
    expect(d.windows.map((w) => w.items)).toEqual([15, 15, 15, 15, 15, 15]);
    // Items were rated in sample order a minute apart: window w holds items 15(w-1) … 15w-1.
    const rows = s.ratings.map((r) => ({ ...r, item: s.items.find((i) => i.id === r.itemId)! }));
    for (const w of d.windows) {
      const part = rows.filter((r) => r.item.sampleOrder > (w.window - 1) * 15 && r.item.sampleOrder <= w.window * 15);
      const csv = csvText([["item", "rater", "category"], ...part.map((r) => [r.item.externalId, r.raterId, r.category])]);
      const cli = await cliJson(csv, "correct,incorrect,uncertain", "uncertain");
      expect(w.gwetAc1).toEqual(cli.dimensions[0].coefficients.gwetAc1);
      expect(w.percentAgreement).toEqual(cli.dimensions[0].coefficients.percentAgreement);
      // The window starts at its first item's last rating (the third rater's, two seconds in).
      expect(w.from).toBe(part[2]!.at);
    }
  });

  it("prompts when the third rater flips 40 % of answers in the second half, and not without drift", () => {
    const drifting = overTime(driftAudit({ flipShare: 0.4 })).dimensions[0]!;
    expect(drifting.drop.prompt).toBe(true);
    expect(drifting.drop.share).toBeGreaterThan(0.15);
    const steady = overTime(driftAudit({ flipShare: 0 })).dimensions[0]!;
    expect(steady.drop.prompt).toBe(false);
    expect(steady.drop.share!).toBeLessThan(0.15);
    expect(steady.drop.overall).toBeCloseTo(computeAuditReport(driftAudit()).dimensions[0]!.agreement.coefficients.gwetAc1.coeff!, 15);
  });

  it("shows the drifting rater's agreement with the others' majority falling along their queue", () => {
    const raters = overTime(driftAudit({ flipShare: 0.4 })).dimensions[0]!.raters;
    const r3 = raters.find((r) => r.rater === "R3")!.windows;
    expect(r3.map((w) => w.items)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(r3[0]!.share!).toBeGreaterThan(0.85);
    expect(r3[5]!.share!).toBeLessThan(0.7);
    expect(r3[5]).toMatchObject({ fromPosition: 501, toPosition: 600, status: "ok" });
    // R3 spends 62 s + (i mod 7) · 0.5 s on item i: over items 0–99 the median is 62 + 3 · 0.5 s.
    expect(r3[0]!.medianMinutes).toBeCloseTo(63.5 / 60, 12);
    const r1 = raters.find((r) => r.rater === "R1")!.windows;
    expect(r1[5]!.share!).toBeGreaterThan(0.85);
  });

  it("orders items by their last rating: a rating changed late moves its item to the last window", () => {
    const s = driftAudit({ items: 30 });
    const late = s.ratings.find((r) => r.itemId === "i0" && r.raterId === "u2")!;
    late.at = "2026-12-01T00:00:00.000Z";
    const d = overTime(s).dimensions[0]!;
    expect(d.windows[5]!.to).toBe("2026-12-01T00:00:00.000Z");
    expect(d.windows[0]!.from).toBe(s.ratings.find((r) => r.itemId === "i1" && r.raterId === "u3")!.at);
  });

  it("marks windows under five items too few to judge, and never prompts on them", () => {
    const d = overTime(driftAudit({ items: 24, flipShare: 1 })).dimensions[0]!;
    expect(d.windows.every((w) => w.items === 4 && w.status === "tooFew")).toBe(true);
    expect(d.drop).toMatchObject({ latest: null, share: null, prompt: false });
  });

  it("marks a window where every pair of ratings agrees as total agreement", () => {
    const s = driftAudit({ items: 60 });
    for (const r of s.ratings) if (Number(r.itemId.slice(1)) >= 50) r.category = "correct";
    const last = overTime(s).dimensions[0]!.windows[5]!;
    expect(last.status).toBe("totalAgreement");
    expect(last.percentAgreement.coeff).toBe(1);
  });

  it("places guideline edits after the windows completed before them", () => {
    const s = driftAudit({ items: 60 });
    // Item i's last rating is at 09:00 + i minutes + 2 s; windows of 10 items.
    s.audit.guidelineEdits = ["2026-11-02T09:25:00.000Z", "2026-11-02T08:00:00.000Z"];
    const t = overTime(s);
    expect(t.guidelineEdits).toEqual(["2026-11-02T08:00:00.000Z", "2026-11-02T09:25:00.000Z"]);
    expect(t.dimensions[0]!.guidelineEdits).toEqual([
      { at: "2026-11-02T08:00:00.000Z", afterWindows: 0 },
      { at: "2026-11-02T09:25:00.000Z", afterWindows: 2 },
    ]);
  });

  it("treats each turn of a per-turn dimension as its own dimension, as the report does", () => {
    const s = driftAudit({ items: 60, flipShare: 0.4 });
    const gold = s.rubric[0]!;
    s.rubric = [
      { ...gold, key: "gold@t1", label: "Gold, turn 1" },
      { ...gold, key: "gold@t2", label: "Gold, turn 2" },
    ];
    s.ratings = s.ratings.map((r) => ({ ...r, dimension: Number(r.itemId.slice(1)) < 30 ? "gold@t1" : "gold@t2" }));
    const report = computeAuditReport(s);
    const t = agreementOverTime(s, new Map(report.dimensions.map((d) => [d.key, d.agreement.coefficients.gwetAc1.coeff])));
    expect(t.dimensions.map((d) => [d.key, d.windows.reduce((n, w) => n + w.items, 0)])).toEqual([
      ["gold@t1", 30],
      ["gold@t2", 30],
    ]);
    expect(report.agreementOverTime).toEqual(t);
  });
});
