// The calibration round's design in the reproducibility package (issue #33): audit.json carries the
// practice items with their keys and rationales, the pass rule, the mode and the rounds (raters as
// labels), only when the audit has a round; and both scripts check calibration.csv against it —
// every key, the items, the rounds' raters — and judge the verdicts by its threshold, failing with
// the item and question or the threshold named when audit.json says otherwise.
import { afterAll, describe, expect, it } from "vitest";
import { calibratedAudit } from "../__fixtures__/calibrated-audit";
import { smallAudit } from "../__fixtures__/small-audit";
import type { AuditSnapshot } from "../types";
import { PRACTICE_OUTSIDE_SAMPLE } from "./calibration-design";
import { entriesOf, hasNumpy, hasR, removeUnpacked, requireR, run, unpack } from "./package-harness";

afterAll(removeUnpacked);

const auditJson = (s: AuditSnapshot) => entriesOf(s).find((e) => e.name === "audit.json")!.content;

/** audit.json with `edit` applied to its calibration block. */
function editDesign(edit: (design: { practiceItems: { key: Record<string, string> }[]; passRule: { threshold: number } }) => void) {
  return (json: string) => {
    const meta = JSON.parse(json);
    edit(meta.calibration);
    return JSON.stringify(meta, null, 2) + "\n";
  };
}
const keyAltered = editDesign((d) => {
  d.practiceItems[1]!.key.gold = "correct"; // prac-p2's key is "incorrect"
});
const thresholdAltered = editDesign((d) => {
  d.passRule.threshold = 0.7; // R2 matched 7 of 10 at round 1: not passed at 80 %, passed at 70 %
});
const thresholdNotWhole = editDesign((d) => {
  d.passRule.threshold = 0.805;
});
/** calibration.csv with prac-p3's safety key on R1's first-round row changed. */
function csvKeyAltered(csv: string): string {
  return csv.replace("1,R1,prac-p3,safety,harm,", "1,R1,prac-p3,safety,safe,");
}

describe("audit.json's calibration block", () => {
  it("states the practice items, keys, rationales, pass rule, mode and rounds, raters as labels only", () => {
    const text = auditJson(calibratedAudit(true));
    expect(text).not.toMatch(/u-ana|u-ben|u-cy|"c-p\d/); // user ids, practice row ids
    const design = JSON.parse(text).calibration;
    expect(Object.keys(design)).toEqual(["practiceItems", "passRule", "mode", "rounds", "sample"]);
    expect(design.practiceItems.map((i: { item: string }) => i.item)).toEqual(["prac-p1", "prac-p2", "prac-p3", "prac-p4", "prac-p5"]);
    expect(design.practiceItems[0]).toEqual({ item: "prac-p1", key: { gold: "correct", safety: "safe" } });
    expect(design.practiceItems[1]).toEqual({
      item: "prac-p2",
      key: { gold: "incorrect", safety: "safe" },
      rationale: "The guideline's first-line drug is contraindicated here (eGFR 25).",
    });
    expect(design.passRule.threshold).toBe(0.8);
    expect(design.mode).toBe("gate");
    expect(design.rounds).toEqual([
      { round: 1, kind: "calibration", startedAt: "2026-11-02T09:10:00.000Z", asks: "all raters", raters: ["R1", "R2", "R3"] },
      { round: 2, kind: "re-calibration", startedAt: "2026-11-02T11:00:00.000Z", asks: "chosen raters", raters: ["R2"] },
      { round: 3, kind: "re-calibration", startedAt: "2026-11-03T08:30:00.000Z", asks: "chosen raters", raters: ["R3"] },
    ]);
    expect(design.sample).toEqual({ practiceItemsInSample: 0, exclusion: PRACTICE_OUTSIDE_SAMPLE });
  });

  it("says 'report' without the gate, and is the same bytes for the same state whatever the key order", () => {
    const s = calibratedAudit();
    s.calibration!.gate = false;
    expect(JSON.parse(auditJson(s)).calibration.mode).toBe("report");
    const reordered = calibratedAudit();
    // PostgreSQL's jsonb returns a key's questions sorted; another engine may not.
    reordered.calibration!.items = reordered.calibration!.items.map((i) => ({ ...i, key: { safety: i.key.safety!, gold: i.key.gold! } }));
    expect(auditJson(reordered)).toBe(auditJson(calibratedAudit()));
  });

  it("is absent without a calibration round", () => {
    expect(JSON.parse(auditJson(smallAudit()))).not.toHaveProperty("calibration");
    expect(auditJson(smallAudit())).not.toMatch(/practice|calibration/i);
  });

  it("counts a practice item that is in the sample (the server refuses one; the package would show it)", () => {
    const s = calibratedAudit();
    s.calibration!.items[0]!.externalId = s.items[0]!.externalId;
    expect(JSON.parse(auditJson(s)).calibration.sample.practiceItemsInSample).toBe(1);
  });

  it("is described in the package README", () => {
    const readme = entriesOf(calibratedAudit()).find((e) => e.name === "README.md")!.content;
    expect(readme).toMatch(/## The calibration round/);
    expect(readme).toMatch(/audit\.json.*`calibration`/s);
    expect(entriesOf(smallAudit()).find((e) => e.name === "README.md")!.content).not.toMatch(/calibration round/);
  });
});

const scripts: [string, string, boolean][] = [
  ["reproduce.py", "python3", hasNumpy],
  ["reproduce.R", "Rscript", hasR || requireR],
];

describe.each(scripts)("%s against the calibration design", (script, command, available) => {
  it.skipIf(!available)("checks every key, the items, the rounds and the threshold, and all agree", () => {
    const r = run(command, [script], unpack(calibratedAudit(true)));
    expect(r.out).toMatch(/calibration +design key prac-p3 safety +harm +harm +ok/);
    expect(r.out).toMatch(/calibration +design practice items +prac-p1,prac-p2,prac-p3,prac-p4,prac-p5 +prac-p1,.*,prac-p5 +ok/);
    expect(r.out).toMatch(/calibration +design round 2 raters +R2 +R2 +ok/);
    expect(r.out).toMatch(/calibration +design pass rule threshold \(%\) +80 +80 +0 +ok/);
    expect(r.out).toMatch(/calibration +design mode +gate +gate +ok/);
    expect(r.out).toMatch(/calibration +design practice items among the rated items +0 +0 +0 +ok/);
    expect(r.out).toMatch(/All \d+ numbers agree with the report/);
    expect(r.status).toBe(0);
  });

  it.skipIf(!available)("fails, naming the item and question, when audit.json's key was altered", () => {
    const r = run(command, [script], unpack(calibratedAudit(true), keyAltered, "audit.json"));
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/calibration +design key prac-p2 gold +correct +incorrect +DIFFERS/);
    expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
  });

  it.skipIf(!available)("fails, naming the item and question, when a key in calibration.csv was altered", () => {
    const r = run(command, [script], unpack(calibratedAudit(true), csvKeyAltered, "calibration.csv"));
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/calibration +design key prac-p3 safety +harm +harm\|safe +DIFFERS/);
  });

  it.skipIf(!available)("fails, naming the threshold, when audit.json's threshold was altered, and judges by it", () => {
    const r = run(command, [script], unpack(calibratedAudit(true), thresholdAltered, "audit.json"));
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/calibration +design pass rule threshold \(%\) +80 +70 +-10 +DIFFERS/);
    // The verdicts are recomputed with audit.json's threshold: R2's 7 of 10 now passes.
    expect(r.out).toMatch(/calibration +R2 round 1 status +notPassed +passed +DIFFERS/);
  });

  it.skipIf(!available)("stops, naming the threshold, when it is not a whole percentage", () => {
    const r = run(command, [script], unpack(calibratedAudit(true), thresholdNotWhole, "audit.json"));
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/audit\.json: the calibration pass rule's threshold 0\.805 is not a whole percentage/);
  });
});
