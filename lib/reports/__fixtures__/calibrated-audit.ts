/**
 * The small audit with a calibration round: 5 practice items keyed on both dimensions (10
 * questions), the 80 % rule gating the queue. Round 1 asks everyone: R1 matches 9 of 10, R2 7 of 10
 * (not passed), R3 exactly 8 of 10 (passed at the boundary). Round 2 asks R2 alone, who matches all
 * 10. `unfinished`: a round 3 for R3, who has answered two items (one without its safety answer).
 * Two items carry the organizer's rationale; the others have none ("").
 */
import type { CalibrationSnapshot } from "../calibration";
import type { AuditSnapshot } from "../types";
import { smallAudit } from "./small-audit";

const RATIONALES: Record<string, string> = {
  p2: "The guideline's first-line drug is contraindicated here (eGFR 25).",
  p5: 'Either answer is defensible; "uncertain" is the key.',
};

const KEYS: Record<string, { gold: string; safety: string }> = {
  p1: { gold: "correct", safety: "safe" },
  p2: { gold: "incorrect", safety: "safe" },
  p3: { gold: "correct", safety: "harm" },
  p4: { gold: "correct", safety: "safe" },
  p5: { gold: "uncertain", safety: "unclear" },
};

/** An answer that differs from the key on the listed questions (the other category of each). */
function answer(item: string, wrong: ("gold" | "safety")[] = []) {
  const key = KEYS[item]!;
  return {
    gold: wrong.includes("gold") ? (key.gold === "correct" ? "incorrect" : "correct") : key.gold,
    safety: wrong.includes("safety") ? (key.safety === "safe" ? "harm" : "safe") : key.safety,
  };
}

export function calibration(unfinished = false): CalibrationSnapshot {
  const a = (round: number, raterId: string, item: string, labels: Record<string, string>, activeMs: number) => ({
    round,
    raterId,
    itemId: `c-${item}`,
    labels,
    activeMs,
  });
  return {
    passPercent: 80,
    gate: true,
    items: Object.entries(KEYS).map(([id, key]) => ({
      id: `c-${id}`,
      externalId: `prac-${id}`,
      key: { ...key },
      rationale: RATIONALES[id] ?? "",
    })),
    rounds: [
      { number: 1, raterIds: null, startedAt: "2026-11-02T09:10:00.000Z" },
      { number: 2, raterIds: ["u-ben"], startedAt: "2026-11-02T11:00:00.000Z" },
      ...(unfinished ? [{ number: 3, raterIds: ["u-cy"], startedAt: "2026-11-03T08:30:00.000Z" }] : []),
    ],
    answers: [
      a(1, "u-ana", "p1", answer("p1"), 30_000),
      a(1, "u-ana", "p2", answer("p2", ["gold"]), 40_000),
      a(1, "u-ana", "p3", answer("p3"), 20_000),
      a(1, "u-ana", "p4", answer("p4"), 25_000),
      a(1, "u-ana", "p5", answer("p5"), 35_000),
      a(1, "u-ben", "p1", answer("p1", ["gold"]), 10_000),
      a(1, "u-ben", "p2", answer("p2", ["safety"]), 12_000),
      a(1, "u-ben", "p3", answer("p3", ["safety"]), 11_000),
      a(1, "u-ben", "p4", answer("p4"), 9_000),
      a(1, "u-ben", "p5", answer("p5"), 8_000),
      a(1, "u-cy", "p1", answer("p1"), 60_000),
      a(1, "u-cy", "p2", answer("p2", ["gold", "safety"]), 61_000),
      a(1, "u-cy", "p3", answer("p3"), 62_000),
      a(1, "u-cy", "p4", answer("p4"), 63_000),
      a(1, "u-cy", "p5", answer("p5"), 64_000),
      ...["p1", "p2", "p3", "p4", "p5"].map((p, i) => a(2, "u-ben", p, answer(p), 15_000 + i)),
      ...(unfinished ? [a(3, "u-cy", "p1", answer("p1"), 5_000), a(3, "u-cy", "p2", { gold: "incorrect" }, 6_000)] : []),
    ],
  };
}

export function calibratedAudit(unfinished = false): AuditSnapshot {
  return { ...smallAudit(), calibration: calibration(unfinished) };
}
