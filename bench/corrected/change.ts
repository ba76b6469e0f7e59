/**
 * One adjudication change (a new rationale on the first adjudicated item), as the adjudication
 * page saves it: the corrected benchmark's state changes, so its cached files no longer apply.
 *   node --conditions=react-server --import tsx bench/corrected/change.ts --data DIR --audit ID --rev N
 */
import path from "node:path";
import { createDb } from "../../lib/db/client";
import { saveAdjudicationSchema } from "../../lib/schemas/adjudication";
import { saveAdjudication } from "../../lib/server/adjudication/save-adjudication";

const args = process.argv.slice(2);
const flag = (name: string) => args[args.indexOf(name) + 1]!;
const db = createDb(`file:${path.join(path.resolve(flag("--data")), "clinaudit.db")}`);
try {
  const adjudication = await db.adjudication.findFirstOrThrow({ where: { auditId: flag("--audit") }, orderBy: { auditItemId: "asc" } });
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
      rationale: `checked again (revision ${flag("--rev")})`,
      decisions: decisions.map((d) => ({
        correctionId: d.correctionId,
        decision: d.decision,
        applied: d.applied,
        rationale: `${d.rationale} (revision ${flag("--rev")})`,
      })),
    }),
  );
} finally {
  await db.$disconnect();
}
