/**
 * `audit.json`'s `calibration` block: the calibration round's design, so a reader of the package
 * sees what the raters practised on and what they were held to — the practice items (their
 * benchmark ids, as in calibration.csv) in the organizer's order with the key per question and the
 * organizer's rationale when one was written, the pass rule as a share, the mode (the queue gated
 * or the result only reported) and each round: when it started and which raters it asked (R1…Rn,
 * never a name; a withdrawn rater is left out, as everywhere). The scripts check calibration.csv
 * against it. Pure; key order is fixed, so the same state gives the same bytes.
 */
import { questionsOf } from "../calibration";
import type { AuditSnapshot } from "../types";

/** How practice items are kept out of the sample (lib/server/calibration/setup.ts, audits/extend-sample.ts). */
export const PRACTICE_OUTSIDE_SAMPLE =
  "Practice items are never part of the sample: an item of the sample cannot be chosen as a practice item, and a sample extension whose draw would take a practice item is refused. The sampling frame recorded in sample.sampling is the one the sample was drawn from and may hold practice items: they are chosen after the draw, which is reproduced from that frame.";

export function calibrationDesign(snapshot: AuditSnapshot) {
  const c = snapshot.calibration;
  if (!c) return null;
  const sampled = new Set(snapshot.items.map((i) => i.externalId));
  return {
    practiceItems: c.items.map((i) => ({
      item: i.externalId,
      key: Object.fromEntries(questionsOf(i.key).map((q) => [q, i.key[q]!])),
      ...(i.rationale.trim() ? { rationale: i.rationale } : {}),
    })),
    passRule: {
      // passPercent is a whole percentage (validate-snapshot.ts), so the share is p / 100.
      threshold: c.passPercent / 100,
      rule: "a round is passed when every practice item is answered and at least this share of the answered questions match the key",
    },
    mode: c.gate ? "gate" : "report",
    rounds: [...c.rounds]
      .sort((a, b) => a.number - b.number)
      .map((r) => ({
        round: r.number,
        kind: r.number === 1 ? "calibration" : "re-calibration",
        startedAt: r.startedAt,
        asks: r.raterIds === null ? "all raters" : "chosen raters",
        raters: snapshot.raters.filter((s) => r.raterIds === null || r.raterIds.includes(s.id)).map((s) => s.label),
      })),
    sample: {
      practiceItemsInSample: c.items.filter((i) => sampled.has(i.externalId)).length,
      exclusion: PRACTICE_OUTSIDE_SAMPLE,
    },
  };
}
