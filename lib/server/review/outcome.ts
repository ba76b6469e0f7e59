import "server-only";
import type { Item } from "../../formats";
import type { Db } from "../../db/client";
import { turnProblem } from "../../adjudication/turns";
import { AppError } from "../errors";
import type { SaveOutcome } from "./save-rating";

/**
 * A save's outcome as an action answers it: the saved value, or a CONFLICT failure carrying the
 * value another tab saved first (guardedAction hands it to the save queue as `conflict`).
 */
export function settle<T>(outcome: SaveOutcome<T>): T {
  if (outcome.ok) return outcome.data;
  throw new AppError(
    "CONFLICT",
    { key: "review.errors.conflict" },
    undefined,
    outcome.conflict ? { current: outcome.conflict.current } : undefined,
  );
}

/**
 * The scope of a proposed correction: the user's own assignment, and a turn its item has
 * (conversations) or none (MCQs, REMOVE). Withdrawing (no correction) is always allowed.
 */
export async function authorizeCorrectionTurn(
  db: Db,
  userId: string,
  input: { assignmentId: string; kind: string; turnOrder: number; correction: unknown },
): Promise<undefined> {
  if (!input.correction) return undefined;
  const row = await db.assignment.findFirst({
    where: { id: input.assignmentId, userId },
    select: { auditItem: { select: { item: { select: { data: true } } } } },
  });
  if (!row) throw new AppError("NOT_FOUND", { key: "review.errors.notFound" });
  const problem = turnProblem(row.auditItem.item.data as unknown as Item, input.kind, input.turnOrder);
  if (problem) throw new AppError("INVALID", problem);
  return undefined;
}
