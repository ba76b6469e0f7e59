// Final labels as an adjudicator gives them: one per question the raters answered on the item,
// keyed like their ratings — each dimension once, a per-turn dimension once per turn of its type
// ("gold@t3"; lib/audits/item-dimensions). The dashboard, adjudication.csv and backups read them
// by the same keys. Pure: the adjudication page, the server's check and the tests share it.
import { itemDimensions, splitRatingKey, type ItemDimension, type RubricTurn } from "../audits/item-dimensions";
import type { Rubric } from "../audits/rubric";
import { itemMajority } from "./triage";

/** Why a set of final labels cannot be stored: a catalog key, its values and the field (`finalLabels.<key>`). */
export type FinalLabelProblem = { field: string } & (
  | { key: "adjudication.errors.unknownDimension"; values: { dimension: string } }
  | { key: "adjudication.errors.noTurn"; values: { label: string; turn: number } }
  | { key: "adjudication.errors.perTurnLabel"; values: { label: string } }
  | { key: "adjudication.errors.finalLabel"; values: { label: string } }
  | { key: "adjudication.errors.finalLabelOnTurn"; values: { label: string; turn: number } }
);

/** Longest key quoted back: the keys come from the client. */
const QUOTED = 80;

/**
 * The first problem of `finalLabels` for an item whose turns are `turns`, or null. Every question
 * the item asks needs one of its dimension's categories; a key the item does not ask is refused,
 * named: a turn the item does not have (or not of the dimension's type), a per-turn dimension
 * given for the whole item, or no dimension of the rubric. Dimensions are named by their
 * canonical labels (the server does not know the reader's language).
 */
export function finalLabelProblem(
  rubric: Rubric,
  turns: readonly RubricTurn[],
  finalLabels: Record<string, string>,
): FinalLabelProblem | null {
  const asked = itemDimensions(rubric, turns);
  const keys = new Set(asked.map((d) => d.ratingKey));
  for (const key of Object.keys(finalLabels)) {
    if (keys.has(key)) continue;
    const field = `finalLabels.${key.slice(0, QUOTED)}`;
    const { key: base, turnOrder } = splitRatingKey(key);
    const dimension = rubric.find((d) => d.key === base);
    if (dimension?.perTurn && turnOrder !== null)
      return { field, key: "adjudication.errors.noTurn", values: { label: dimension.label, turn: turnOrder } };
    if (dimension?.perTurn) return { field, key: "adjudication.errors.perTurnLabel", values: { label: dimension.label } };
    return { field, key: "adjudication.errors.unknownDimension", values: { dimension: key.slice(0, QUOTED) } };
  }
  for (const { ratingKey, dimension, turnOrder } of asked) {
    const label = finalLabels[ratingKey];
    if (label && dimension.categories.some((c) => c.key === label)) continue;
    const field = `finalLabels.${ratingKey}`;
    return turnOrder === null
      ? { field, key: "adjudication.errors.finalLabel", values: { label: dimension.label } }
      : { field, key: "adjudication.errors.finalLabelOnTurn", values: { label: dimension.label, turn: turnOrder } };
  }
  return null;
}

/** The majority of every question the item asks, by rating key (null where nobody rated it). */
export function questionMajorities(
  asked: readonly ItemDimension[],
  ratings: readonly { dimension: string; category: string | null }[],
): Record<string, string | null> {
  return Object.fromEntries(
    asked.map((q) => [
      q.ratingKey,
      itemMajority(
        ratings.filter((r) => r.dimension === q.ratingKey && r.category !== null).map((r) => r.category!),
        q.dimension.tieCategory,
      ),
    ]),
  );
}
