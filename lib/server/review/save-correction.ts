import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { editableAssignment } from "./editable-assignment";
import { retryTransient } from "./retry";
import { isUniqueViolation, saveConflict } from "./save-rating";
import type { CORRECTION_KINDS, saveCorrectionSchema } from "../../schemas/review";
import { turnProblem } from "../../adjudication/turns";
import type { Item } from "../../formats";
import { AppError } from "../errors";

/** turnOrder: the panel keys corrections by (kind, turn), so every value a save answers names its turn. */
export interface CorrectionState {
  id?: string;
  kind: (typeof CORRECTION_KINDS)[number];
  turnOrder: number;
  proposal: string;
  newGold?: string | null;
  rationale: string;
  version: number;
}

type Row = { id: string; proposal: string; newGold: string | null; rationale: string; version: number };

const stateOf = (kind: CorrectionState["kind"], turnOrder: number, r: Row): CorrectionState => ({
  id: r.id,
  kind,
  turnOrder,
  proposal: r.proposal,
  newGold: r.newGold,
  rationale: r.rationale,
  version: r.version,
});
/** What the trail keeps of a correction: everything but its row id. */
const trailOf = (kind: string, turnOrder: number, r: Row | null) =>
  r && { kind, turnOrder, proposal: r.proposal, newGold: r.newGold, rationale: r.rationale, version: r.version };

/**
 * The scope of a proposed correction (the action's authorize step): the user's own assignment,
 * and a turn its item has (conversations) or none (MCQs, REMOVE). Withdrawing is always allowed.
 */
export async function authorizeCorrectionTurn(
  db: Db,
  userId: string,
  input: { assignmentId: string; kind: string; turnOrder: number; correction: unknown },
): Promise<void> {
  if (!input.correction) return;
  const row = await db.assignment.findFirst({
    where: { id: input.assignmentId, userId },
    select: { auditItem: { select: { item: { select: { data: true } } } } },
  });
  if (!row) throw new AppError("NOT_FOUND", { key: "review.errors.notFound" });
  const problem = turnProblem(row.auditItem.item.data as unknown as Item, input.kind, input.turnOrder);
  if (problem) throw new AppError("INVALID", problem);
}

/**
 * Proposes, edits or withdraws (correction null) one correction of a kind for the user's own
 * assignment. Each change lands only if the stored version is the one the client last saw, so a
 * stale tab can neither overwrite nor delete a newer proposal (saveConflict, with the stored one);
 * the trail row carries both sides.
 */
export async function saveCorrection(
  db: Db,
  userId: string,
  input: z.output<typeof saveCorrectionSchema>,
): Promise<CorrectionState | null> {
  const assignment = await editableAssignment(db, userId, input.assignmentId);
  const key = { assignmentId: assignment.id, kind: input.kind, turnOrder: input.turnOrder };
  const conflict = (current: Row | null) => saveConflict(current && stateOf(input.kind, input.turnOrder, current));
  try {
    return await retryTransient("correction save", () =>
      db.$transaction(async (tx) => {
        const current = await tx.correction.findUnique({ where: { assignmentId_kind_turnOrder: key } });
        const c = input.correction;
        // Withdrawing what is already gone asks for nothing: no conflict, nothing recorded.
        if (c === null && !current) return null;
        if ((current?.version ?? 0) !== input.expectedVersion) throw conflict(current);
        const before = trailOf(input.kind, input.turnOrder, current);
        if (c === null) {
          // deleteMany with the version in the WHERE clause: a concurrent edit makes this miss.
          const { count } = await tx.correction.deleteMany({ where: { ...key, version: input.expectedVersion } });
          if (count !== 1) throw new StaleCorrection();
          await tx.assignment.update({ where: { id: assignment.id }, data: { lastActivityAt: new Date() } });
          await recordEvent(tx, {
            actorId: userId,
            action: "correction.withdraw",
            entity: "Assignment",
            entityId: assignment.id,
            before: before!,
            after: { kind: input.kind, turnOrder: input.turnOrder, withdrawn: true },
          });
          return null;
        }
        const data = { proposal: c.proposal, newGold: c.newGold ?? null, rationale: c.rationale };
        let saved: Row;
        if (current) {
          const { count } = await tx.correction.updateMany({
            where: { ...key, version: input.expectedVersion },
            data: { ...data, version: { increment: 1 } },
          });
          if (count !== 1) throw new StaleCorrection();
          saved = { ...current, ...data, version: input.expectedVersion + 1 };
        } else {
          saved = await tx.correction.create({ data: { ...data, ...key, version: 1 } });
        }
        await tx.assignment.update({ where: { id: assignment.id }, data: { lastActivityAt: new Date() } });
        await recordEvent(tx, {
          actorId: userId,
          action: "correction.save",
          entity: "Assignment",
          entityId: assignment.id,
          ...(before ? { before } : {}),
          after: trailOf(input.kind, input.turnOrder, saved)!,
        });
        return stateOf(input.kind, input.turnOrder, saved);
      }),
    );
  } catch (error) {
    // A concurrent change between the read and the write (or a concurrent first proposal).
    if (error instanceof StaleCorrection || isUniqueViolation(error))
      throw conflict(await db.correction.findUnique({ where: { assignmentId_kind_turnOrder: key } }));
    throw error;
  }
}

class StaleCorrection extends Error {}
