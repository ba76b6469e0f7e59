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

/**
 * The audit's items that need an adjudicator, with their state (null: no such audit). It reads
 * every rating of the audit: pages take it kept per version, off the event loop
 * (keptAdjudicationQueue in ../reports/kept-report.ts). Callers check access first.
 */
export async function adjudicationQueue(db: Db, auditId: string): Promise<AdjudicationQueue | null> {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { status: true, rubric: true, name: true } });
  if (!audit) return null;
  const rubric = parseRubric(audit.rubric);
  const active = { auditId, active: true };
  // Flat reads joined by relation filters: nested per-item relations bind every id at once (P2029 on SQLite).
  const [items, assignments, ratings, corrections, expected] = await Promise.all([
    db.auditItem.findMany({
      where: { auditId },
      orderBy: { sampleOrder: "asc" },
      select: {
        id: true,
        sampleOrder: true,
        item: { select: { externalId: true, chapter: true } },
        adjudication: { select: { removeItem: true } },
      },
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
  const rows: AdjudicationRow[] = [];
  for (const i of items) {
    const mine = assignmentsOf.get(i.id) ?? [];
    const rated = mine.map((a) => ratingsOf.get(a.id) ?? []);
    const reasons = triageReasons(rubric, {
      ratings: rated.flat().map((r) => ({ dimension: r.dimension, category: r.category! })),
      corrections: mine.reduce((n, a) => n + (correctionsOf.get(a.id) ?? 0), 0),
      comments: mine.filter((a) => a.comment.trim() !== "").length,
    });
    if (reasons.length === 0 && !i.adjudication) continue;
    const complete = mine.length > 0 && rated.every((list) => new Set(list.map((r) => r.dimension)).size >= expected(i.id));
    rows.push({
      auditItemId: i.id,
      sampleOrder: i.sampleOrder,
      externalId: i.item.externalId,
      chapter: i.item.chapter,
      reasons,
      complete,
      adjudicated: !!i.adjudication,
      removed: i.adjudication?.removeItem ?? false,
    });
  }
  return { audit: { name: audit.name, status: audit.status }, rows };
}
