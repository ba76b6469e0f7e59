import "server-only";
import type { Db } from "../../db/client";
import { itemDimensions, rubricTurns } from "../../audits/item-dimensions";
import type { Rubric } from "../../audits/rubric";

/**
 * How many ratings make each audit item "done" under `rubric`: one per dimension, per-turn
 * dimensions once per turn of their type. Item data is read only when the rubric has per-turn
 * dimensions (conversation audits); otherwise every item needs rubric.length ratings.
 */
export async function expectedRatings(db: Db, rubric: Rubric, auditItemIds: readonly string[]): Promise<(auditItemId: string) => number> {
  if (!rubric.some((d) => d.perTurn)) return () => rubric.length;
  const rows = await db.auditItem.findMany({
    where: { id: { in: [...auditItemIds] } },
    select: { id: true, item: { select: { data: true } } },
  });
  const counts = new Map(rows.map((r) => [r.id, itemDimensions(rubric, rubricTurns(r.item.data)).length]));
  return (id) => counts.get(id) ?? rubric.length;
}
