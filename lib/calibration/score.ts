// A rater's practice answers against the calibration key, and what they mean for their queue.
// Pure: no Prisma, no I/O (the server, the report and the tests share it).
import { cohenKappa } from "../agreement/cohen-kappa";

export type Labels = Readonly<Record<string, string>>;

export interface PracticeAnswer {
  /** The practice item's key: every question it asks, with the right category. */
  key: Labels;
  /** The rater's answer to the same questions. */
  labels: Labels;
  activeMs: number;
}

export interface PracticeScore {
  /** Practice items answered. */
  items: number;
  /** Questions (item × dimension) compared with the key, and how many matched it. */
  questions: number;
  matches: number;
  /** matches / questions; null with no question. */
  agreement: number | null;
  /**
   * Cohen's kappa of the rater against the key over every question of the round (categories of
   * different dimensions are different categories); null when undefined (one category throughout).
   */
  kappa: number | null;
  activeMs: number;
}

/** Scores one rater's answers of one round against the key. */
export function scorePractice(answers: readonly PracticeAnswer[]): PracticeScore {
  const categories = new Map<string, number>();
  const index = (dimension: string, category: string) => {
    const name = `${dimension}\u0000${category}`;
    if (!categories.has(name)) categories.set(name, categories.size);
    return categories.get(name)!;
  };
  const rater: number[] = [];
  const key: number[] = [];
  let matches = 0;
  for (const a of answers) {
    for (const [dimension, right] of Object.entries(a.key)) {
      const given = a.labels[dimension];
      if (given === undefined) continue;
      rater.push(index(dimension, given));
      key.push(index(dimension, right));
      if (given === right) matches++;
    }
  }
  const questions = key.length;
  const kappa = questions > 0 && categories.size >= 2 ? cohenKappa(rater, key, categories.size).coeff : null;
  return {
    items: answers.length,
    questions,
    matches,
    agreement: questions > 0 ? matches / questions : null,
    kappa,
    activeMs: answers.reduce((s, a) => s + a.activeMs, 0),
  };
}

/** The pass rule: at least `passPercent` % of the questions match the key. */
export function passes(score: Pick<PracticeScore, "questions" | "matches">, passPercent: number): boolean {
  return score.questions > 0 && score.matches * 100 >= passPercent * score.questions;
}

export interface RoundView {
  id: string;
  number: number;
  /** null: every rater of the audit. */
  raterIds: readonly string[] | null;
}

export type GateState =
  /** No round asks this rater anything: the queue is open. */
  | { kind: "none" }
  /** The rater's latest round is not finished: practice first, the queue waits. */
  | { kind: "practice"; roundId: string; round: number; done: number; total: number }
  /** Finished: passed, or not passed under "report only"; the queue is open. */
  | { kind: "finished"; roundId: string; round: number; passed: boolean; score: PracticeScore }
  /** Finished and not passed while the gate is on: the queue waits for a re-calibration. */
  | { kind: "failed"; roundId: string; round: number; score: PracticeScore; passPercent: number };

/**
 * Where one rater stands: only their latest round counts (a re-calibration replaces the verdict of
 * the round before). `answered(roundId)` gives the rater's scored answers in that round.
 */
export function gateState(
  userId: string,
  rounds: readonly RoundView[],
  itemCount: number,
  answered: (roundId: string) => readonly PracticeAnswer[],
  rule: { passPercent: number; gate: boolean },
): GateState {
  const mine = rounds.filter((r) => r.raterIds === null || r.raterIds.includes(userId)).sort((a, b) => b.number - a.number)[0];
  if (!mine || itemCount === 0) return { kind: "none" };
  const answers = answered(mine.id);
  if (answers.length < itemCount) return { kind: "practice", roundId: mine.id, round: mine.number, done: answers.length, total: itemCount };
  const score = scorePractice(answers);
  const passed = passes(score, rule.passPercent);
  if (!passed && rule.gate) return { kind: "failed", roundId: mine.id, round: mine.number, score, passPercent: rule.passPercent };
  return { kind: "finished", roundId: mine.id, round: mine.number, passed, score };
}

/** Whether the rater's real queue (case pages, saves) is closed. */
export function queueClosed(state: GateState): boolean {
  return state.kind === "practice" || state.kind === "failed";
}
