// What one item asks of a rater: the rubric's dimensions, with per-turn dimensions (conversations)
// expanded to one question per turn of their type. Ratings of a per-turn dimension are stored per
// turn under "key@t<turnOrder>" (one Rating row per assignment × turn, as for any dimension), so
// saving, optimistic versions, backups and the audit trail need no new shape. Pure.
import type { Rubric, RubricDimension } from "./rubric";

/** The rating key of a per-turn dimension on one turn: "gold@t3". */
export function perTurnKey(dimensionKey: string, turnOrder: number): string {
  return `${dimensionKey}@t${turnOrder}`;
}

/** "gold@t3" → { key: "gold", turnOrder: 3 }; a plain key → turnOrder null. */
export function splitRatingKey(ratingKey: string): { key: string; turnOrder: number | null } {
  const m = /^([a-z0-9_]+)@t([1-9][0-9]*)$/.exec(ratingKey);
  return m ? { key: m[1]!, turnOrder: Number(m[2]) } : { key: ratingKey, turnOrder: null };
}

/** The turns of an item, as far as the rubric needs them (none for decision-point items). */
export interface RubricTurn {
  turnOrder: number;
  turnType: "content" | "source";
}

/** One question a rater answers on one item: a dimension, or a per-turn dimension on one turn. */
export interface ItemDimension {
  /** The key ratings are stored under: the dimension's, or `perTurnKey` for a turn. */
  ratingKey: string;
  dimension: RubricDimension;
  turnOrder: number | null;
}

/**
 * What one item asks: every dimension once, except per-turn ones, which are asked once per turn of
 * their type (in turn order) and not at all on items without such turns (e.g. decision points).
 */
export function itemDimensions(rubric: Rubric, turns: readonly RubricTurn[]): ItemDimension[] {
  const sorted = [...turns].sort((a, b) => a.turnOrder - b.turnOrder);
  return rubric.flatMap((d): ItemDimension[] =>
    d.perTurn
      ? sorted
          .filter((t) => t.turnType === d.perTurn)
          .map((t) => ({ ratingKey: perTurnKey(d.key, t.turnOrder), dimension: d, turnOrder: t.turnOrder }))
      : [{ ratingKey: d.key, dimension: d, turnOrder: null }],
  );
}

/** The turns of a stored item (`Item.data`), for `itemDimensions`. */
export function rubricTurns(itemData: unknown): RubricTurn[] {
  const turns = (itemData as { kind?: string; turns?: { turnOrder: number; turnType: "content" | "source" }[] } | null)?.turns;
  return Array.isArray(turns) ? turns.map((t) => ({ turnOrder: t.turnOrder, turnType: t.turnType })) : [];
}

/**
 * The rating panel's dimensions for one item: per-turn questions get their own key and a label
 * naming the turn (`turnLabel` words it in the reader's language).
 */
export function itemRubricView<D extends RubricDimension>(
  rubric: readonly D[],
  turns: readonly RubricTurn[],
  turnLabel: (turnOrder: number, label: string) => string,
) {
  return itemDimensions(rubric as Rubric, turns).map(({ ratingKey, dimension, turnOrder }) => ({
    ...dimension,
    key: ratingKey,
    label: turnOrder === null ? dimension.label : turnLabel(turnOrder, dimension.label),
  }));
}
