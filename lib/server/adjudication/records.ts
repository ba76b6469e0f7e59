import "server-only";
import type { Db } from "../../db/client";
import type { AdjudicationRecord } from "../../adjudication/outcome";

/** The audit's adjudications, keyed like the report's items (audit item ids). */
export async function loadAdjudications(db: Db, auditId: string): Promise<(AdjudicationRecord & { rationale: string })[]> {
  const rows = await db.adjudication.findMany({
    where: { auditId },
    orderBy: { auditItemId: "asc" },
    select: { auditItemId: true, finalLabels: true, removeItem: true, rationale: true },
  });
  return rows.map((r) => ({
    itemId: r.auditItemId,
    finalLabels: r.finalLabels as Record<string, string>,
    removeItem: r.removeItem,
    rationale: r.rationale,
  }));
}
