/**
 * The calibration round in the report: each rater's answers to the practice items scored against
 * the key with the same pure rules the gate uses (lib/calibration/score.ts: scorePractice, passes),
 * per rater and round, which round counts (the rater's latest, as the gate reads it), and a summary
 * the paragraph states. Raters are labels; no key, answer or item text is part of the report (the
 * raw answers and keys are in calibration.csv, for the package's scripts).
 */
import { type PracticeAnswer, type PracticeScore, passes, scorePractice } from "../calibration/score";
import { csvText, type CsvValue } from "../csv";
import type { AuditSnapshot, CalibrationSnapshot } from "./snapshot";

export type { CalibrationSnapshot } from "./snapshot";

export type CalibrationStatus = "passed" | "notPassed" | "inProgress";

/** One rater's round: scorePractice's counts (items answered, questions, matches, agreement, kappa, active ms). */
export interface CalibrationRoundResult extends PracticeScore {
  round: number;
  status: CalibrationStatus;
}

export interface CalibrationRater {
  rater: string;
  /** Each round that asked the rater (or that they answered), in order. */
  rounds: CalibrationRoundResult[];
  /** The round that counts: the rater's latest, as the gate reads it. */
  countingRound: number;
  /** Its status. */
  status: CalibrationStatus;
}

export interface Range {
  mean: number | null;
  min: number | null;
  max: number | null;
  /** How many values (raters) the range is over. */
  n: number;
}

export interface CalibrationReport {
  passPercent: number;
  gate: boolean;
  /** Practice items in the set, and the questions they ask together. */
  items: number;
  questions: number;
  rounds: { round: number; raters: string[] }[];
  raters: CalibrationRater[];
  summary: {
    raters: number;
    /** Over the raters who finished their first round: agreement with the key and kappa. */
    firstRound: { finished: number; agreement: Range; kappa: Range };
    /** Raters whose first round passed the rule. */
    passedFirst: number;
    /** Raters by the status of the round that counts. */
    passed: number;
    notPassed: number;
    inProgress: number;
    /** Raters asked in more than one round. */
    recalibrated: number;
  };
}

interface RaterRound {
  round: number;
  raterId: string;
  answers: PracticeAnswer[];
}

/** Each (round, rater) the calibration holds, rounds in order and raters in snapshot order. */
function raterRounds(s: AuditSnapshot, c: CalibrationSnapshot): RaterRound[] {
  const keyOf = new Map(c.items.map((i) => [i.id, i.key] as const));
  const given = new Map<string, PracticeAnswer[]>();
  for (const a of c.answers) {
    const k = `${a.round}\u0000${a.raterId}`;
    const list = given.get(k) ?? [];
    list.push({ key: keyOf.get(a.itemId)!, labels: a.labels, activeMs: a.activeMs });
    given.set(k, list);
  }
  const out: RaterRound[] = [];
  for (const round of [...c.rounds].sort((a, b) => a.number - b.number)) {
    for (const rater of s.raters) {
      const answers = given.get(`${round.number}\u0000${rater.id}`) ?? [];
      const asked = round.raterIds === null || round.raterIds.includes(rater.id);
      if (asked || answers.length > 0) out.push({ round: round.number, raterId: rater.id, answers });
    }
  }
  return out;
}

function range(values: readonly number[]): Range {
  if (values.length === 0) return { mean: null, min: null, max: null, n: 0 };
  return {
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
    n: values.length,
  };
}

export function calibrationReport(s: AuditSnapshot, c: CalibrationSnapshot): CalibrationReport {
  const itemCount = c.items.length;
  const label = new Map(s.raters.map((r) => [r.id, r.label] as const));
  const held = raterRounds(s, c);
  const raters: CalibrationRater[] = [];
  for (const rater of s.raters) {
    const mine = held.filter((h) => h.raterId === rater.id);
    if (mine.length === 0) continue;
    const rounds = mine.map((h): CalibrationRoundResult => {
      const score = scorePractice(h.answers);
      const finished = itemCount > 0 && h.answers.length >= itemCount;
      return {
        round: h.round,
        items: score.items,
        questions: score.questions,
        matches: score.matches,
        agreement: score.agreement,
        kappa: score.kappa,
        activeMs: score.activeMs,
        status: !finished ? "inProgress" : passes(score, c.passPercent) ? "passed" : "notPassed",
      };
    });
    const counting = rounds[rounds.length - 1]!;
    raters.push({ rater: rater.label, rounds, countingRound: counting.round, status: counting.status });
  }
  const firsts = raters.map((r) => r.rounds[0]!).filter((r) => r.status !== "inProgress");
  const count = (status: CalibrationStatus) => raters.filter((r) => r.status === status).length;
  return {
    passPercent: c.passPercent,
    gate: c.gate,
    items: itemCount,
    questions: c.items.reduce((n, i) => n + Object.keys(i.key).length, 0),
    rounds: [...c.rounds]
      .sort((a, b) => a.number - b.number)
      .map((r) => ({ round: r.number, raters: held.filter((h) => h.round === r.number).map((h) => label.get(h.raterId)!) })),
    raters,
    summary: {
      raters: raters.length,
      firstRound: {
        finished: firsts.length,
        agreement: range(firsts.flatMap((r) => (r.agreement === null ? [] : [r.agreement]))),
        kappa: range(firsts.flatMap((r) => (r.kappa === null ? [] : [r.kappa]))),
      },
      passedFirst: raters.filter((r) => r.rounds[0]!.status === "passed").length,
      passed: count("passed"),
      notPassed: count("notPassed"),
      inProgress: count("inProgress"),
      recalibrated: raters.filter((r) => r.rounds.length > 1).length,
    },
  };
}

/** Questions in a fixed order whatever the engine did to the JSON's key order (PostgreSQL's jsonb sorts them). */
export const questionsOf = (key: Record<string, string>) => Object.keys(key).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * calibration.csv: `round,rater,item,question,key,answer,active_ms`, one row per question of every
 * practice item for each rater a round held (rounds in order, raters in snapshot order, items in
 * the organizer's order). `answer` is empty for a question not answered, `active_ms` (the answer's
 * active time, the same on each of its rows) for an item not answered. Header only without a round.
 */
export function calibrationCsv(s: AuditSnapshot): string {
  const rows: CsvValue[][] = [["round", "rater", "item", "question", "key", "answer", "active_ms"]];
  const c = s.calibration;
  if (c) {
    const label = new Map(s.raters.map((r) => [r.id, r.label] as const));
    const answerOf = new Map(c.answers.map((a) => [`${a.round}\u0000${a.raterId}\u0000${a.itemId}`, a] as const));
    for (const h of raterRounds(s, c)) {
      for (const item of c.items) {
        const a = answerOf.get(`${h.round}\u0000${h.raterId}\u0000${item.id}`);
        for (const q of questionsOf(item.key)) {
          rows.push([h.round, label.get(h.raterId)!, item.externalId, q, item.key[q]!, a?.labels[q] ?? "", a ? a.activeMs : ""]);
        }
      }
    }
  }
  return csvText(rows);
}
