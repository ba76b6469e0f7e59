import "server-only";
import type { Db } from "../../db/client";
import { triageReasons, type TriageReason } from "../../adjudication/triage";
import { parseRubric } from "../../audits/rubric";

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

/** The audit's items that need an adjudicator, with their state. Callers check access first. */
export async function adjudicationQueue(db: Db, auditId: string) {
  const audit = await db.audit.findUniqueOrThrow({ where: { id: auditId }, select: { status: true, rubric: true, name: true } });
  const rubric = parseRubric(audit.rubric);
  const items = await db.auditItem.findMany({
    where: { auditId },
    orderBy: { sampleOrder: "asc" },
    select: {
      id: true,
      sampleOrder: true,
      item: { select: { externalId: true, chapter: true } },
      adjudication: { select: { removeItem: true } },
      assignments: {
        where: { active: true },
        select: {
          comment: true,
          ratings: { where: { category: { not: null } }, select: { dimension: true, category: true } },
          _count: { select: { corrections: true } },
        },
      },
    },
  });
  const rows: AdjudicationRow[] = [];
  for (const i of items) {
    const ratings = i.assignments.flatMap((a) => a.ratings.map((r) => ({ dimension: r.dimension, category: r.category! })));
    const corrections = i.assignments.reduce((n, a) => n + a._count.corrections, 0);
    const comments = i.assignments.filter((a) => a.comment.trim() !== "").length;
    const reasons = triageReasons(rubric, { ratings, corrections, comments });
    if (reasons.length === 0 && !i.adjudication) continue;
    const complete =
      i.assignments.length > 0 && i.assignments.every((a) => new Set(a.ratings.map((r) => r.dimension)).size >= rubric.length);
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
