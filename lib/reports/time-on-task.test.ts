import { describe, expect, it } from "vitest";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { reportJson } from "./export-json";
import { orderSentence, paragraph, timeSentence } from "./paragraph";
import { quantile, timeOnTask, timeOnTaskCsv } from "./time-on-task";
import type { AuditSnapshot } from "./types";
import { reviewOrderRule } from "../sampling/review-order";

function withWork(): AuditSnapshot {
  const s = smallAudit();
  const raters = s.raters.map((r) => r.id);
  // Minutes 1..6 for the first rater, 2..12 for the second; the third has one unmeasured item.
  const work = s.items.flatMap((item, i) => [
    { itemId: item.id, raterId: raters[0]!, activeMs: (i + 1) * 60_000, flagged: i === 2, rated: true },
    { itemId: item.id, raterId: raters[1]!, activeMs: (i + 1) * 120_000, flagged: false, rated: true },
    { itemId: item.id, raterId: raters[2]!, activeMs: i === 0 ? 0 : 90_000, flagged: false, rated: i !== 5 },
  ]);
  return { ...s, audit: { ...s.audit, reviewOrder: reviewOrderRule("per-rater") }, work };
}

describe("quantile (R type 7)", () => {
  it("interpolates like R's quantile()", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([5], 0.75)).toBe(5);
    expect(quantile([], 0.5)).toBeNull();
  });
});

describe("time on task", () => {
  it("summarises rated, measured assignments only", () => {
    const t = timeOnTask(withWork())!;
    // 6 + 6 + 4 (third rater: one unmeasured, one unrated)
    expect(t.measured).toBe(16);
    expect(t.perRater.map((p) => [p.rater, p.measured, p.medianMinutes])).toEqual([
      ["R1", 6, 3.5],
      ["R2", 6, 7],
      ["R3", 4, 1.5],
    ]);
    expect(t.medianMinutes).toBe(3.5); // sorted: 1 1.5 1.5 1.5 1.5 2 2 3 | 4 4 5 6 6 8 10 12
    expect(timeOnTask(smallAudit())).toBeNull();
  });

  it("states the median minutes per case and the order rule in the paragraph", () => {
    const report = computeAuditReport(withWork());
    expect(timeSentence(report)).toBe(
      "Active time on task was measured in the browser (page visible and focused, with input in the last minute; idle time excluded): " +
        "each clinician spent a median of 3.5 minutes per case (interquartile range 1.5–6.0; 16 rated cases measured; per clinician R1 3.5, R2 7.0 and R3 1.5).",
    );
    expect(orderSentence(report)).toMatch(
      /^Each clinician rated the items in their own random order \(shuffle-then-cutoff-within-patient v1, .*cutoff order/,
    );
    expect(paragraph(report)).toContain(timeSentence(report)!);
  });

  it("states short times in seconds, not as 0.0 minutes", () => {
    const s = withWork();
    const quick = { ...s, work: s.work!.map((w) => ({ ...w, activeMs: Math.round(w.activeMs / 10) })) };
    expect(timeSentence(computeAuditReport(quick))).toContain(
      "each clinician spent a median of 21 seconds per case (interquartile range 9–36; 16 rated cases measured; per clinician R1 21, R2 42 and R3 9).",
    );
  });

  it("leaves the paragraph and JSON of snapshots without the new facts unchanged", () => {
    const plain = computeAuditReport(smallAudit());
    expect(orderSentence(plain)).toBeNull();
    expect(timeSentence(plain)).toBeNull();
    expect(Object.keys(plain.audit)).not.toContain("timeOnTask");
    const json = JSON.parse(reportJson(computeAuditReport(withWork())));
    expect(Object.keys(json.audit).slice(-2)).toEqual(["reviewOrder", "timeOnTask"]);
  });

  it("exports one row per assignment in sample and rater order", () => {
    const csv = timeOnTaskCsv(withWork()).split("\n");
    expect(csv[0]).toBe("item,rater,active_seconds,flagged,rated");
    expect(csv).toHaveLength(1 + 18 + 1);
    expect(csv.at(-1)).toBe("");
  });
});
