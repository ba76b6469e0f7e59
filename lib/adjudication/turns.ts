// Conversation turns as corrections name them: by turn_order, 0 meaning the whole item
// (decision-point MCQs, and REMOVE on any item). Pure: shared by the review page, the
// adjudication page and the server checks.
import type { Item, Turn } from "../formats";

export interface TurnChoice {
  turnOrder: number;
  /** "Turn 3 · content: What organism was identified…" */
  label: string;
  optionLabels: string[];
  turnType: "content" | "source";
}

const QUESTION_START = 60;

export function turnLabel(t: Pick<Turn, "turnOrder" | "turnType" | "question">): string {
  const q = t.question.replace(/\s+/g, " ").trim();
  const start = q.length > QUESTION_START ? `${q.slice(0, QUESTION_START - 1).trimEnd()}…` : q;
  return `Turn ${t.turnOrder} · ${t.turnType}: ${start}`;
}

/** The turns a correction may name, in turn order; undefined for items without turns. */
export function turnChoices(item: Item): TurnChoice[] | undefined {
  if (item.kind !== "conversation") return undefined;
  return [...item.turns]
    .sort((a, b) => a.turnOrder - b.turnOrder)
    .map((t) => ({ turnOrder: t.turnOrder, label: turnLabel(t), optionLabels: t.options.map((o) => o.label), turnType: t.turnType }));
}

/**
 * Why a correction of `kind` cannot be about `turnOrder` on this item (a user-facing sentence),
 * or null when it can. REMOVE and every MCQ correction are about the whole item (0); the other
 * kinds on a conversation name one of its turns, and EVIDENCE only a source turn.
 */
export function turnProblem(item: Item, kind: string, turnOrder: number): string | null {
  if (kind === "REMOVE" || item.kind !== "conversation") return turnOrder === 0 ? null : "This correction is about the whole item, not a turn.";
  if (turnOrder === 0) return "Choose the turn this correction is about.";
  const turn = item.turns.find((t) => t.turnOrder === turnOrder);
  if (!turn) return `This conversation has no turn ${turnOrder}.`;
  if (kind === "EVIDENCE" && turn.turnType !== "source") return `Evidence corrections are about source turns; turn ${turnOrder} is a content turn.`;
  return null;
}
