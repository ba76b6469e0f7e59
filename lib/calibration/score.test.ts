import { describe, expect, it } from "vitest";
import { cohenKappa } from "../agreement/cohen-kappa";
import { gateState, passes, queueClosed, scorePractice, type PracticeAnswer } from "./score";

const key = { gold: "correct", question: "clear" };
const answer = (labels: Record<string, string>, activeMs = 1000): PracticeAnswer => ({ key, labels, activeMs });

describe("scorePractice", () => {
  it("counts matches per question and sums the time", () => {
    const s = scorePractice([answer(key), answer({ gold: "incorrect", question: "clear" }, 500)]);
    expect(s).toMatchObject({ items: 2, questions: 4, matches: 3, agreement: 0.75, activeMs: 1500 });
  });

  it("gives Cohen's kappa of the rater against the key, dimensions kept apart", () => {
    const answers = [
      { key: { gold: "correct" }, labels: { gold: "correct" }, activeMs: 0 },
      { key: { gold: "incorrect" }, labels: { gold: "incorrect" }, activeMs: 0 },
      { key: { gold: "correct" }, labels: { gold: "incorrect" }, activeMs: 0 },
      { key: { gold: "incorrect" }, labels: { gold: "incorrect" }, activeMs: 0 },
    ];
    // correct = 0, incorrect = 1 in order of first appearance; rater then key.
    expect(scorePractice(answers).kappa).toBeCloseTo(cohenKappa([0, 1, 1, 1], [0, 1, 0, 1], 2).coeff!, 12);
    expect(scorePractice(answers).kappa).toBeCloseTo(0.5, 12);
  });

  it("has no agreement and no kappa without questions", () => {
    expect(scorePractice([])).toMatchObject({ questions: 0, agreement: null, kappa: null });
  });
});

describe("passes", () => {
  it("passes at exactly the share asked for, not below", () => {
    expect(passes({ questions: 10, matches: 8 }, 80)).toBe(true);
    expect(passes({ questions: 10, matches: 7 }, 80)).toBe(false);
    expect(passes({ questions: 0, matches: 0 }, 0)).toBe(false);
  });
});

describe("gateState", () => {
  const rule = { passPercent: 80, gate: true };
  const rounds = [
    { id: "r1", number: 1, raterIds: null },
    { id: "r2", number: 2, raterIds: ["b"] },
  ];
  const good = [answer(key), answer(key)];
  const bad = [answer({ gold: "incorrect", question: "ambiguous" }), answer(key)];

  it("is open when no round asks the rater", () => {
    expect(gateState("a", [], 2, () => [], rule)).toEqual({ kind: "none" });
    expect(gateState("a", rounds, 0, () => [], rule)).toEqual({ kind: "none" });
  });

  it("waits while the rater's latest round is unfinished", () => {
    const s = gateState("a", rounds, 2, () => good.slice(0, 1), rule);
    expect(s).toEqual({ kind: "practice", roundId: "r1", round: 1, done: 1, total: 2 });
    expect(queueClosed(s)).toBe(true);
  });

  it("closes the queue on a failed round under the gate, not under report only", () => {
    expect(gateState("a", rounds, 2, () => bad, rule).kind).toBe("failed");
    const reportOnly = gateState("a", rounds, 2, () => bad, { passPercent: 80, gate: false });
    expect(reportOnly).toMatchObject({ kind: "finished", passed: false });
    expect(queueClosed(reportOnly)).toBe(false);
  });

  it("judges a rater by their latest round only: a re-calibration replaces the verdict", () => {
    const answered = (id: string) => (id === "r1" ? bad : good);
    expect(gateState("b", rounds, 2, answered, rule)).toMatchObject({ kind: "finished", round: 2, passed: true });
    expect(gateState("a", rounds, 2, answered, rule)).toMatchObject({ kind: "failed", round: 1 });
    expect(gateState("b", rounds, 2, () => [], rule)).toMatchObject({ kind: "practice", round: 2 });
  });
});
