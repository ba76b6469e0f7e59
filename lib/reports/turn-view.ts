// Which of a report's dimensions the dashboard shows at once. A conversation audit has each
// per-turn dimension once per turn ("gold@t1" … "gold@t6"): shown all at once, a full review's
// dashboard was 2.4 MB of HTML. It shows one turn at a time (the first by default), or all of
// them when asked (to print); whole-item dimensions always. Exports are not affected.
import { splitRatingKey } from "../audits/item-dimensions";

export type TurnChoice = number | "all";

export interface TurnView {
  /** The turns the report has per-turn dimensions for, ascending; empty: no choice to make. */
  turns: number[];
  chosen: TurnChoice;
}

export function turnView(dimensionKeys: readonly string[], param: string | string[] | undefined): TurnView {
  const turns = [...new Set(dimensionKeys.map((k) => splitRatingKey(k).turnOrder).filter((t): t is number => t !== null))].sort(
    (a, b) => a - b,
  );
  const asked = Array.isArray(param) ? param[0] : param;
  if (turns.length === 0) return { turns, chosen: "all" };
  if (asked === "all") return { turns, chosen: "all" };
  const n = Number(asked);
  return { turns, chosen: turns.includes(n) ? n : turns[0]! };
}

/** Whether the dimension with this key is shown under the choice. */
export function shownUnder(view: TurnView, key: string): boolean {
  if (view.chosen === "all") return true;
  const turn = splitRatingKey(key).turnOrder;
  return turn === null || turn === view.chosen;
}
