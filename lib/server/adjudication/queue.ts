import "server-only";
import { groupBy } from "../../db/batches";
import type { Db } from "../../db/client";
import { triageReasons, type TriageReason } from "../../adjudication/triage";
import { parseRubric } from "../../audits/rubric";
import { expectedRatings } from "../review/expected-ratings";

export interface AdjudicationRow {
  auditItemId: string;
  sampleOrder: number;
  externalId: string;
  chapter: string | null;
  reasons: TriageReason[];
  complete: boolean;
  adjudicated: boolean;
  removed: boolean;
}

export interface AdjudicationQueue {
  audit: { name: string; status: string };
  rows: AdjudicationRow[];
}

/** One sampled item as its ratings leave it: why it needs an adjudicator, whether its raters are done. */
export type TriagedItem = Omit<AdjudicationRow, "adjudicated" | "removed">;

/** Every sampled item triaged, in sample order, with the audit the list is of. */
export interface TriagedItems {
  audit: AdjudicationQueue["audit"];
  items: TriagedItem[];
}

/**
 * What the adjudication list takes from the ratings, assignments and corrections: every sampled
 * item, in sample order. It reads every rating of the audit, so pages take it kept per version of
 * the ratings, off the event loop (keptAdjudicationQueue in ../reports/kept-report.ts); an
 * adjudication saved changes only which rows are adjudicated (withAdjudications), not this.
 * Null: no such audit. Callers check access first.
 */
export async function triagedItems(db: Db, auditId: string): Promise<TriagedItems | null> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, rubric: true, name: true } });
  if (!audit) return null;
  const rubric = parseRubric(audit.rubric);
  const active = { auditId, active: true };
  // Flat reads joined by relation filters: nested per-item relations bind every id at once (P2029 on SQLite).
  const [sampled, assignments, ratings, corrections, expected] = await Promise.all([
    db.auditItem.findMany({
      where: { auditId },
      orderBy: { sampleOrder: "asc" },
      select: { id: true, sampleOrder: true, item: { select: { externalId: true, chapter: true } } },
    }),
    db.assignment.findMany({ where: active, select: { id: true, auditItemId: true, comment: true } }),
    db.rating.findMany({
      where: { assignment: active, category: { not: null } },
      select: { assignmentId: true, dimension: true, category: true },
    }),
    db.correction.groupBy({ by: ["assignmentId"], where: { assignment: active }, _count: { _all: true } }),
    // Per-turn dimensions count once per turn of their type.
    expectedRatings(db, rubric, auditId),
  ]);
  const ratingsOf = groupBy(ratings, (r) => r.assignmentId);
  const correctionsOf = new Map(corrections.map((c) => [c.assignmentId, c._count._all]));
  const assignmentsOf = groupBy(assignments, (a) => a.auditItemId);
  const items = sampled.map((i): TriagedItem => {
    const mine = assignmentsOf.get(i.id) ?? [];
    const rated = mine.map((a) => ratingsOf.get(a.id) ?? []);
    return {
      auditItemId: i.id,
      sampleOrder: i.sampleOrder,
      externalId: i.item.externalId,
      chapter: i.item.chapter,
      reasons: triageReasons(rubric, {
        ratings: rated.flat().map((r) => ({ dimension: r.dimension, category: r.category! })),
        corrections: mine.reduce((n, a) => n + (correctionsOf.get(a.id) ?? 0), 0),
        comments: mine.filter((a) => a.comment.trim() !== "").length,
      }),
      complete: mine.length > 0 && rated.every((list) => new Set(list.map((r) => r.dimension)).size >= expected(i.id)),
    };
  });
  return { audit: { name: audit.name, status: audit.status }, items };
}

/** The audit's adjudications as the list needs them: which items, and whether each removes its item. */
export async function adjudicationMarks(db: Db, auditId: string): Promise<Map<string, { removeItem: boolean }>> {
  const rows = await db.adjudication.findMany({ where: { auditId }, select: { auditItemId: true, removeItem: true } });
  return new Map(rows.map((r) => [r.auditItemId, { removeItem: r.removeItem }]));
}

/** The list: the items with a reason to adjudicate, and those adjudicated whatever their reasons now. */
export function withAdjudications(triaged: TriagedItems, marks: ReadonlyMap<string, { removeItem: boolean }>): AdjudicationQueue {
  const rows: AdjudicationRow[] = [];
  for (const item of triaged.items) {
    const mark = marks.get(item.auditItemId);
    if (item.reasons.length === 0 && !mark) continue;
    rows.push({ ...item, adjudicated: !!mark, removed: mark?.removeItem ?? false });
  }
  return { audit: triaged.audit, rows };
}

/** The audit's items that need an adjudicator, with their state (null: no such audit), read now. Callers check access first. */
export async function adjudicationQueue(db: Db, auditId: string): Promise<AdjudicationQueue | null> {
  const [triaged, marks] = await Promise.all([triagedItems(db, auditId), adjudicationMarks(db, auditId)]);
  return triaged && withAdjudications(triaged, marks);
}
