/**
 * One adjudication change, as the adjudication page saves it: a new rationale on the audit's first
 * adjudicated item (its labels and decisions kept). The corrected benchmark's state changes, so
 * its kept files no longer apply and the next look builds them again.
 */
import type { Db } from "../../lib/db/client";
import { saveAdjudicationSchema } from "../../lib/schemas/adjudication";
import { saveAdjudication } from "../../lib/server/adjudication/save-adjudication";

export async function reviseAdjudication(db: Db, auditId: string, revision: string): Promise<void> {
  const adjudication = await db.adjudication.findFirstOrThrow({ where: { auditId }, orderBy: { auditItemId: "asc" } });
  const decisions = await db.correctionDecision.findMany({
    where: { correction: { assignment: { auditItemId: adjudication.auditItemId } } },
  });
  await saveAdjudication(
    db,
    adjudication.adjudicatorId,
    saveAdjudicationSchema.parse({
      auditId: adjudication.auditId,
      auditItemId: adjudication.auditItemId,
      finalLabels: adjudication.finalLabels,
      rationale: `checked again (revision ${revision})`,
      decisions: decisions.map((d) => ({
        correctionId: d.correctionId,
        decision: d.decision,
        applied: d.applied,
        rationale: `${d.rationale} (revision ${revision})`,
      })),
    }),
  );
}
