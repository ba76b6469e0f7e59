import "server-only";
import type { Db } from "../../db/client";
import { itemDimensions, rubricTurns } from "../../audits/item-dimensions";
import type { Rubric } from "../../audits/rubric";
import { processWide } from "../../process-wide";
import { Kept } from "../reports/kept";

/** Audits whose per-item counts are kept in this process (a full review's is ~5,000 numbers). */
const KEPT_AUDITS = 64;
const kept = processWide("expected-ratings", () => new Kept<Map<string, number>>(KEPT_AUDITS));

/**
 * How many ratings make each of an audit's items "done" under `rubric`: one per dimension,
 * per-turn dimensions once per turn of their type. Without per-turn dimensions every item needs
 * rubric.length ratings. With them, the sampled conversations' turns are read once per audit and
 * kept: items never change after import, and the stamp (sample size, per-turn dimensions) changes
 * when the sample is extended, so a case page costs the same at 100 items as at 16,000 turns.
 * Case pages that ask at once share one read.
 */
export async function expectedRatings(db: Db, rubric: Rubric, auditId: string): Promise<(auditItemId: string) => number> {
  const plain = () => rubric.length;
  if (!rubric.some((d) => d.perTurn)) return plain;
  const sampled = await db.auditItem.count({ where: { auditId } });
  const stamp = `${sampled}|${rubric.map((d) => `${d.key}:${d.perTurn ?? ""}`).join(",")}`;
  const counts = await kept.get(auditId, stamp, async () => {
    const rows = await db.auditItem.findMany({ where: { auditId }, select: { id: true, item: { select: { data: true } } } });
    return new Map(rows.map((r) => [r.id, itemDimensions(rubric, rubricTurns(r.item.data)).length]));
  });
  return (id) => counts.get(id) ?? rubric.length;
}
