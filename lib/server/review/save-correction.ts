import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { editableAssignment } from "./editable-assignment";
import { CONFLICT, type SaveOutcome } from "./save-rating";

export const CORRECTION_KINDS = ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE"] as const;

export const saveCorrectionSchema = z.object({
  assignmentId: z.string().min(1),
  kind: z.enum(CORRECTION_KINDS),
  /** Conversation items: the turn (turn_order) the correction is about; 0 = the whole item. */
  turnOrder: z.number().int().min(0).default(0),
  correction: z
    .object({
      kind: z.enum(CORRECTION_KINDS),
      proposal: z.string().max(20_000),
      newGold: z.string().max(10).nullable().optional(),
      rationale: z.string().trim().min(1, "Give a rationale").max(20_000),
      version: z.number().int().min(0),
    })
    .nullable(),
});

export interface CorrectionState {
  id?: string;
  kind: (typeof CORRECTION_KINDS)[number];
  proposal: string;
  newGold?: string | null;
  rationale: string;
  version: number;
}

/** Proposes (or withdraws, with null) one correction of a kind for the user's own assignment. */
export async function saveCorrection(db: Db, userId: string, input: z.output<typeof saveCorrectionSchema>): Promise<SaveOutcome<CorrectionState | null>> {
  const assignment = await editableAssignment(db, userId, input.assignmentId);
  const where = { assignmentId_kind_turnOrder: { assignmentId: assignment.id, kind: input.kind, turnOrder: input.turnOrder } };
  return db.$transaction(async (tx) => {
    const current = await tx.correction.findUnique({ where });
    if (input.correction === null) {
      if (current) await tx.correction.delete({ where });
      await recordEvent(tx, { actorId: userId, action: "correction.withdraw", entity: "Assignment", entityId: assignment.id, before: current ? { kind: current.kind, proposal: current.proposal } : undefined });
      return { ok: true as const, data: null };
    }
    const c = input.correction;
    if ((current?.version ?? 0) !== c.version) {
      return {
        ok: false as const,
        error: CONFLICT,
        conflict: { current: current ? { id: current.id, kind: input.kind, proposal: current.proposal, newGold: current.newGold, rationale: current.rationale, version: current.version } : null },
      };
    }
    const data = { proposal: c.proposal, newGold: c.newGold ?? null, rationale: c.rationale };
    const saved = current
      ? await tx.correction.update({ where, data: { ...data, version: { increment: 1 } } })
      : await tx.correction.create({ data: { ...data, assignmentId: assignment.id, kind: input.kind, turnOrder: input.turnOrder, version: 1 } });
    await tx.assignment.update({ where: { id: assignment.id }, data: { lastActivityAt: new Date() } });
    await recordEvent(tx, { actorId: userId, action: "correction.save", entity: "Assignment", entityId: assignment.id, after: { kind: input.kind, ...data, version: saved.version } });
    return { ok: true as const, data: { id: saved.id, kind: input.kind, proposal: saved.proposal, newGold: saved.newGold, rationale: saved.rationale, version: saved.version } };
  });
}
