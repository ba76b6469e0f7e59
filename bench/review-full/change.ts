/**
 * Changes one rating per request, through saveRating as the rating panel saves it, so the next
 * dashboard load is a first load (the audit's version stamp moved). Long-lived: one line on stdin
 * ("change|close|reopen|adjudicate <audit id>") → one line on stdout ("ok …" or "error …"), so a
 * change costs a save, not a Node start beside the server being measured. close/reopen: a
 * clinician adjudicator sees the adjudication list of a closed audit only; reopening gives the
 * role back. adjudicate: a new rationale on an adjudication, so the corrected benchmark is built
 * again at the next look.
 *   node --conditions=react-server --import tsx bench/review-full/change.ts --database URL
 */
import readline from "node:readline";
import type { Rubric } from "../../lib/audits/rubric";
import { createDb } from "../../lib/db/client";
import { setAdjudicator } from "../../lib/server/adjudication/set-adjudicator";
import { setAuditStatus } from "../../lib/server/audits/set-status";
import { saveRating } from "../../lib/server/review/save-rating";
import { reviseAdjudication } from "../lib/revise-adjudication";

const args = process.argv.slice(2);
const db = createDb(args[args.indexOf("--database") + 1]!);

async function change(auditId: string): Promise<string> {
  const audit = await db.audit.findUniqueOrThrow({ where: { id: auditId }, select: { rubric: true } });
  const rating = await db.rating.findFirstOrThrow({
    where: { assignment: { auditId } },
    orderBy: { id: "asc" },
    select: { assignmentId: true, dimension: true, category: true, version: true, assignment: { select: { userId: true } } },
  });
  // Per-turn keys ("gold@t3") rate with their rubric dimension's categories.
  const dimension = (audit.rubric as unknown as Rubric).find((d) => d.key === rating.dimension.split("@")[0]);
  const category = dimension?.categories.find((c) => c.key !== rating.category)?.key;
  if (!category) throw new Error(`no other category for ${rating.dimension}`);
  const saved = await saveRating(db, rating.assignment.userId, {
    assignmentId: rating.assignmentId,
    dimension: rating.dimension,
    category,
    expectedVersion: rating.version,
  });
  return `ok ${saved.version}`;
}

/** Closes the audit, or reopens it (a closed audit with an adjudicator reopens only without one) and sets the adjudicator again. */
async function status(auditId: string, action: "close" | "reopen"): Promise<string> {
  const audit = await db.audit.findUniqueOrThrow({ where: { id: auditId }, select: { createdById: true, adjudicatorId: true } });
  if (action === "close") return `ok ${await setAuditStatus(db, audit.createdById, auditId, "close")}`;
  await setAdjudicator(db, audit.createdById, auditId, null);
  await setAuditStatus(db, audit.createdById, auditId, "open");
  if (audit.adjudicatorId) await setAdjudicator(db, audit.createdById, auditId, audit.adjudicatorId);
  return "ok OPEN";
}

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [verb, auditId] = line.trim().split(/\s+/);
  if (!verb || !auditId) continue;
  const done =
    verb === "change"
      ? change(auditId)
      : verb === "adjudicate"
        ? reviseAdjudication(db, auditId, String(Date.now())).then(() => "ok")
        : status(auditId, verb === "close" ? "close" : "reopen");
  process.stdout.write(`${await done.catch((e: Error) => `error ${e.message.split("\n")[0]}`)}\n`);
}
await db.$disconnect();
