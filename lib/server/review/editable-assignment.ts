import "server-only";
import type { Db } from "../../db/client";
import { parseRubric, type Rubric } from "../../audits/rubric";
import { AppError } from "../errors";
import { assertQueueOpen } from "../calibration/gate";

/** The user's own active assignment in an open audit whose queue calibration does not hold, or an error (404 if not theirs). */
export async function editableAssignment(
  db: Db,
  userId: string,
  assignmentId: string,
): Promise<{ id: string; auditId: string; rubric: Rubric }> {
  const a = await db.assignment.findFirst({
    where: { id: assignmentId, userId, active: true },
    select: { id: true, auditId: true, auditItem: { select: { audit: { select: { status: true, rubric: true } } } } },
  });
  if (!a) throw new AppError("NOT_FOUND", { key: "review.errors.notFound" });
  const { status, rubric } = a.auditItem.audit;
  if (status !== "OPEN") throw new AppError("LOCKED", { key: status === "CLOSED" ? "review.errors.closed" : "review.errors.notOpen" });
  await assertQueueOpen(db, userId, a.auditId);
  return { id: a.id, auditId: a.auditId, rubric: parseRubric(rubric) };
}
