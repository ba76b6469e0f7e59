import type { RubricTurn } from "../../audits/item-dimensions";
import { perTurnKey } from "../../audits/item-dimensions";
import type { Rubric } from "../../audits/rubric";
import type { RubricDimension } from "../../reports/types";

/**
 * The rubric as the report sees it. A per-turn dimension (conversations) becomes one report
 * dimension per turn number that any sampled conversation has for it ("gold@t3", labelled
 * "…, turn 3"), because its ratings are stored per turn and a rater's answer on turn 3 is a
 * separate judgement from turn 1. Each such dimension gets the full agreement treatment over the
 * items that have that turn. Pure.
 */
export function reportRubric(rubric: Rubric, itemTurns: readonly (readonly RubricTurn[])[]): RubricDimension[] {
  return rubric.flatMap((d) => {
    const base = {
      categories: d.categories.map((c) => ({ key: c.key, label: c.label })),
      tieCategory: d.tieCategory,
      errorCategory: d.errorCategory ?? null,
    };
    if (!d.perTurn) return [{ key: d.key, label: d.label, ...base }];
    const orders = [...new Set(itemTurns.flatMap((turns) => turns.filter((t) => t.turnType === d.perTurn).map((t) => t.turnOrder)))].sort(
      (a, b) => a - b,
    );
    return orders.map((t) => ({ key: perTurnKey(d.key, t), label: `${d.label}, turn ${t}`, ...base }));
  });
}
