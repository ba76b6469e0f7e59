import "server-only";
import { splitRatingKey } from "../../audits/item-dimensions";
import type { Rubric } from "../../audits/rubric";
import type { Db } from "../../db/client";

/** One answer as the "my ratings" view shows it: the dimension's and the category's labels. */
export interface MyAnswer {
  dimension: string;
  turnOrder: number | null;
  category: string;
}

/**
 * The rater's own answers on the assignments of one page of their queue (at most a page: the
 * ids come from the kept queue), labelled from the rubric as the reader sees it. Scoped by the
 * user inside the query: another rater's assignment id yields nothing.
 */
export async function myAnswers(db: Db, userId: string, rubric: Rubric, assignmentIds: readonly string[]) {
  const answers = new Map<string, MyAnswer[]>();
  if (assignmentIds.length === 0) return answers;
  const rows = await db.rating.findMany({
    where: { assignmentId: { in: [...assignmentIds] }, assignment: { userId }, category: { not: null } },
    select: { assignmentId: true, dimension: true, category: true },
  });
  const order = new Map(rubric.map((d, i) => [d.key, i]));
  const sorted = rows
    .map((r) => ({ ...r, ...splitRatingKey(r.dimension) }))
    .sort((a, b) => (order.get(a.key) ?? 99) - (order.get(b.key) ?? 99) || (a.turnOrder ?? 0) - (b.turnOrder ?? 0));
  for (const r of sorted) {
    const dimension = rubric.find((d) => d.key === r.key);
    const category = dimension?.categories.find((c) => c.key === r.category)?.label ?? r.category!;
    const list = answers.get(r.assignmentId) ?? [];
    list.push({ dimension: dimension?.label ?? r.key, turnOrder: r.turnOrder, category });
    answers.set(r.assignmentId, list);
  }
  return answers;
}
