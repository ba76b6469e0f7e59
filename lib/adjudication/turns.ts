// Conversation turns as corrections name them: by turn_order, 0 meaning the whole item
// (decision-point MCQs, and REMOVE on any item). Pure: shared by the review page, the
// adjudication page and the server checks. No English here: the pages word a turn and a
// problem from the catalogs (rubric.turns, rubric.corrections.errors).
import type { Item, Turn } from "../formats";

/** A turn a correction may name, as data: the page words it in the reader's language. */
export interface TurnData {
  turnOrder: number;
  turnType: "content" | "source";
  /** The question's first 60 characters, whitespace collapsed ("…" when cut). */
  questionStart: string;
  optionLabels: string[];
}

/** A turn as the panels show it: the page's words for it in place of its question. */
export interface TurnChoice extends Omit<TurnData, "questionStart"> {
  /** "Turn 3 · content: What organism was identified…" in the reader's language. */
  label: string;
}

const QUESTION_START = 60;

function questionStart(t: Pick<Turn, "question">): string {
  const q = t.question.replace(/\s+/g, " ").trim();
  return q.length > QUESTION_START ? `${q.slice(0, QUESTION_START - 1).trimEnd()}…` : q;
}

/** The turns a correction may name, in turn order; undefined for items without turns. */
export function turnData(item: Item): TurnData[] | undefined {
  if (item.kind !== "conversation") return undefined;
  return [...item.turns]
    .sort((a, b) => a.turnOrder - b.turnOrder)
    .map((t) => ({
      turnOrder: t.turnOrder,
      turnType: t.turnType,
      questionStart: questionStart(t),
      optionLabels: t.options.map((o) => o.label),
    }));
}

/** Why a correction cannot name a turn: a key under rubric.errors, with its values. */
export type TurnProblem =
  | { key: "rubric.corrections.errors.wholeItem" }
  | { key: "rubric.corrections.errors.noTurns" }
  | { key: "rubric.corrections.errors.turn" }
  | { key: "rubric.corrections.errors.noTurn"; values: { turn: number } }
  | { key: "rubric.corrections.errors.evidenceTurn" };

/**
 * Why a correction of `kind` cannot be about `turnOrder` on this item, or null when it can.
 * REMOVE and every MCQ correction are about the whole item (0); the other kinds on a
 * conversation name one of its turns (REMOVE_TURN removes one), and EVIDENCE only a source turn.
 */
export function turnProblem(item: Item, kind: string, turnOrder: number): TurnProblem | null {
  if (kind === "REMOVE_TURN" && item.kind !== "conversation") return { key: "rubric.corrections.errors.noTurns" };
  if (kind === "REMOVE" || item.kind !== "conversation") return turnOrder === 0 ? null : { key: "rubric.corrections.errors.wholeItem" };
  if (turnOrder === 0) return { key: "rubric.corrections.errors.turn" };
  const turn = item.turns.find((t) => t.turnOrder === turnOrder);
  if (!turn) return { key: "rubric.corrections.errors.noTurn", values: { turn: turnOrder } };
  if (kind === "EVIDENCE" && turn.turnType !== "source") return { key: "rubric.corrections.errors.evidenceTurn" };
  return null;
}
