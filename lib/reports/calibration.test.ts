import { describe, expect, it } from "vitest";
import { gateState, queueClosed } from "../calibration/score";
import { calibratedAudit } from "./__fixtures__/calibrated-audit";
import { smallAudit } from "./__fixtures__/small-audit";
import { calibrationCsv } from "./calibration";
import { calibrationSentence } from "./calibration-sentence";
import { computeAuditReport } from "./compute";
import { reportLatex } from "./export-latex";
import { reportMarkdown } from "./export-markdown";
import { reportJson } from "./export-json";
import { paragraph } from "./paragraph";
import { shownReport } from "./shown";
import { AuditSnapshotError } from "./validate-snapshot";

const RATERS = ["R1", "R2", "R3"];

describe("calibration in the report", () => {
  const report = computeAuditReport(calibratedAudit());
  const c = report.calibration!;

  it("scores each rater and round against the key (hand-worked)", () => {
    expect(c).toMatchObject({ passPercent: 80, gate: true, items: 5, questions: 10 });
    expect(c.rounds).toEqual([
      { round: 1, raters: ["R1", "R2", "R3"] },
      { round: 2, raters: ["R2"] },
    ]);
    const [r1, r2, r3] = c.raters;
    expect(r1!.rounds).toEqual([
      { round: 1, items: 5, questions: 10, matches: 9, agreement: 0.9, kappa: expect.any(Number), activeMs: 150_000, status: "passed" },
    ]);
    // Key marginals over the 10 questions: gold correct 3, incorrect 1, uncertain 1; safety safe 3,
    // harm 1, unclear 1. R1 answered gold correct 4, incorrect 0: pe = (12 + 0 + 1 + 9 + 1 + 1) / 100.
    expect(r1!.rounds[0]!.kappa).toBeCloseTo((0.9 - 0.24) / (1 - 0.24), 12);
    expect(r2!.rounds.map((r) => [r.round, r.matches, r.status])).toEqual([
      [1, 7, "notPassed"],
      [2, 10, "passed"],
    ]);
    expect(r2!.rounds[1]!.kappa).toBeCloseTo(1, 12);
    expect(r2).toMatchObject({ countingRound: 2, status: "passed" });
    // Exactly 80 %: passes.
    expect(r3).toMatchObject({ countingRound: 1, status: "passed", rounds: [{ matches: 8, agreement: 0.8, activeMs: 310_000 }] });
    expect(c.summary).toMatchObject({ raters: 3, passedFirst: 2, passed: 3, notPassed: 0, inProgress: 0, recalibrated: 1 });
    expect(c.summary.firstRound.agreement).toEqual({ mean: expect.closeTo(0.8, 12), min: 0.7, max: 0.9, n: 3 });
    expect(c.summary.firstRound.kappa.n).toBe(3);
  });

  it("counts the round the gate counts: each rater's latest", () => {
    for (const unfinished of [false, true]) {
      const s = calibratedAudit(unfinished);
      const cal = s.calibration!;
      const r = computeAuditReport(s).calibration!;
      for (const rater of s.raters) {
        const answered = (roundId: string) =>
          cal.answers
            .filter((a) => String(a.round) === roundId && a.raterId === rater.id)
            .map((a) => ({ key: cal.items.find((i) => i.id === a.itemId)!.key, labels: a.labels, activeMs: a.activeMs }));
        const views = cal.rounds.map((x) => ({ id: String(x.number), number: x.number, raterIds: x.raterIds }));
        const gate = gateState(rater.id, views, cal.items.length, answered, cal);
        const mine = r.raters.find((x) => x.rater === rater.label)!;
        expect(gate).toMatchObject({ round: mine.countingRound });
        expect(queueClosed(gate)).toBe(mine.status !== "passed");
      }
    }
  });

  it("reports an unfinished latest round as in progress, and a question left unanswered as not compared", () => {
    const r = computeAuditReport(calibratedAudit(true)).calibration!;
    const r3 = r.raters[2]!;
    expect(r3).toMatchObject({ countingRound: 3, status: "inProgress" });
    expect(r3.rounds[1]).toMatchObject({ round: 3, items: 2, questions: 3, matches: 3, status: "inProgress" });
    expect(r.summary).toMatchObject({ passedFirst: 2, passed: 2, inProgress: 1, recalibrated: 2 });
  });

  it("is report.json's last key, and absent without a calibration round", () => {
    const doc = JSON.parse(reportJson(report));
    expect(Object.keys(doc).at(-1)).toBe("calibration");
    expect(doc.calibration).toEqual(JSON.parse(JSON.stringify(c)));
    expect(JSON.stringify(doc.calibration)).not.toMatch(/u-ana|prac-p1/);
    const plain = computeAuditReport(smallAudit());
    expect(plain.calibration).toBeUndefined();
    expect(JSON.parse(reportJson(plain))).not.toHaveProperty("calibration");
    expect(shownReport(report).calibration).toEqual(c);
  });

  it("states it in one sentence of the paragraph, in English", () => {
    const sentence =
      "Before rating, all three clinicians worked through a calibration set of 5 practice cases (10 questions) with an answer key shown after each answer: " +
      "at their first round, agreement with the key was 80.0% on average (range 70.0%–90.0%) and Cohen's kappa against the key 0.746 on average (range 0.625–0.868); " +
      "2 of 3 met the pass rule (at least 80% of answers matching the key, required before their queue opened) at their first round, and 3 of 3 by their latest round (1 re-calibration round followed).";
    expect(calibrationSentence(c, RATERS)).toBe(sentence);
    expect(paragraph(report)).toContain(` ${sentence} `);
    expect(paragraph(computeAuditReport(smallAudit()))).not.toMatch(/calibration/i);
  });

  it("and in Chinese", () => {
    expect(calibrationSentence(c, RATERS, "zh-CN")).toBe(
      "正式评审前，全部 3 名临床医生（R1、R2 和 R3）完成了包含 5 个练习病例（10 个问题）的校准集，每次作答后显示答案键：" +
        "首轮中，与答案键的一致率平均为 80.0%（范围 70.0%–90.0%），与答案键的 Cohen's kappa 平均为 0.746（范围 0.625–0.868）；" +
        "3 名中 2 名在首轮达到通过规则（至少 80% 的回答与答案键一致，通过后才开放其评审队列）；经过 1 轮重新校准，3 名中 3 名在最近一轮达到该规则。",
    );
    const open = computeAuditReport(calibratedAudit(true)).calibration!;
    expect(calibrationSentence(open, RATERS, "zh-CN")).toContain(
      "经过 2 轮重新校准，3 名中 2 名在最近一轮达到该规则；3 名中 1 名尚未完成最近一轮。",
    );
    expect(calibrationSentence(open, RATERS)).toContain(
      "and 2 of 3 by their latest round (2 re-calibration rounds followed); 1 of 3 had not yet finished their latest round.",
    );
  });

  it("names the raters it asked when they are not all of the audit's", () => {
    const s = calibratedAudit();
    s.calibration!.rounds = [{ number: 1, raterIds: ["u-ana", "u-cy"], startedAt: "2026-11-02T09:10:00.000Z" }];
    s.calibration!.answers = s.calibration!.answers.filter((a) => a.round === 1 && a.raterId !== "u-ben");
    const r = computeAuditReport(s).calibration!;
    expect(calibrationSentence(r, RATERS)).toMatch(
      /^Before rating, R1 and R3 \(two of the three clinicians\) worked through .*: at their first round, agreement with the key was 85\.0% on average \(range 80\.0%–90\.0%\)/,
    );
    expect(calibrationSentence(r, RATERS)).toMatch(/; 2 of 2 met the pass rule \(.*\) at their first round\.$/);
    expect(calibrationSentence(r, RATERS, "zh-CN")).toMatch(/^正式评审前，3 名临床医生中的 R1 和 R3 完成了/);
  });

  it("speaks of one rater as the clinician", () => {
    const s = calibratedAudit();
    s.raters = s.raters.slice(0, 1);
    s.ratings = s.ratings.filter((r) => r.raterId === "u-ana");
    s.calibration!.rounds = [{ number: 1, raterIds: null, startedAt: "2026-11-02T09:10:00.000Z" }];
    s.calibration!.answers = s.calibration!.answers.filter((a) => a.raterId === "u-ana");
    const r = computeAuditReport(s).calibration!;
    expect(calibrationSentence(r, ["R1"])).toMatch(
      /^Before rating, the clinician worked through .*: at their first round, agreement with the key was 90\.0% and Cohen's kappa against the key 0\.868; 1 of 1 met/,
    );
    expect(calibrationSentence(r, ["R1"], "zh-CN")).toMatch(
      /^正式评审前，该名临床医生（R1）完成了.*与答案键的一致率为 90\.0%，与答案键的 Cohen's kappa 为 0\.868；1 名中 1 名在首轮达到通过规则/,
    );
  });

  it("says 'reported only' without the gate, and leaves out what nobody finished", () => {
    const s = calibratedAudit();
    s.calibration!.gate = false;
    s.calibration!.rounds = [{ number: 1, raterIds: null, startedAt: "2026-11-02T09:10:00.000Z" }];
    s.calibration!.answers = s.calibration!.answers.filter((a) => a.round === 1 && a.itemId !== "c-p5");
    const text = calibrationSentence(computeAuditReport(s).calibration!, RATERS);
    expect(text).toBe(
      "Before rating, all three clinicians worked through a calibration set of 5 practice cases (10 questions) with an answer key shown after each answer; " +
        "0 of 3 met the pass rule (at least 80% of answers matching the key, reported only) at their first round; 3 of 3 had not yet finished their latest round.",
    );
  });

  it("gives report.md a section and report.tex a table: the sentence, then a row per rater", () => {
    const report = computeAuditReport(calibratedAudit());
    const md = reportMarkdown(report);
    const section = md.slice(md.indexOf("## Calibration"));
    expect(section.split("\n").slice(0, 3)).toEqual(["## Calibration", "", calibrationSentence(report.calibration!, RATERS)]);
    expect(section).toContain("| R1 | 90.0% | 0.868 | 1 | passed (round 1) |");
    expect(section).toContain("| R2 | 70.0% |");
    expect(section).toMatch(/\| R2 \| 70\.0% \| [\d.]+ \| 2 \| passed \(round 2\) \|/);
    const tex = reportLatex(report);
    expect(tex).toContain("\\label{tab:clinaudit-calibration}");
    expect(tex).toContain("    R1 & 90.0\\% & 0.868 & 1 & passed (round 1) \\\\");
    expect(tex).toContain("pass rule at least 80\\% of answers matching the key");
    // No calibration round, no section.
    const plain = computeAuditReport(smallAudit());
    expect(reportMarkdown(plain)).not.toContain("## Calibration");
    expect(reportLatex(plain)).not.toContain("calibration");
  });

  it("writes every asked rater's answers beside the keys in calibration.csv", () => {
    const lines = calibrationCsv(calibratedAudit(true)).trimEnd().split("\n");
    expect(lines[0]).toBe("round,rater,item,question,key,answer,active_ms");
    // Rounds 1 (3 raters), 2 (R2), 3 (R3) × 5 items × 2 questions.
    expect(lines).toHaveLength(1 + 5 * 5 * 2);
    expect(lines[1]).toBe("1,R1,prac-p1,gold,correct,correct,30000");
    expect(lines).toContain("1,R1,prac-p2,gold,incorrect,correct,40000");
    expect(lines).toContain("3,R3,prac-p2,safety,safe,,6000");
    expect(lines).toContain("3,R3,prac-p3,gold,correct,,");
    expect(calibrationCsv(smallAudit())).toBe("round,rater,item,question,key,answer,active_ms\n");
  });

  it("refuses answers that refer to nothing", () => {
    const s = calibratedAudit();
    s.calibration!.answers.push({ round: 1, raterId: "u-zed", itemId: "c-p1", labels: {}, activeMs: 0 });
    expect(() => computeAuditReport(s)).toThrow(AuditSnapshotError);
    const t = calibratedAudit();
    t.calibration!.answers.push({ ...t.calibration!.answers[0]! });
    expect(() => computeAuditReport(t)).toThrow(/twice in round 1/);
    const u = calibratedAudit();
    u.calibration!.rounds[1]!.startedAt = "not a time";
    expect(() => computeAuditReport(u)).toThrow(/calibration round 2 has no valid start time/);
  });
});
