import "server-only";
import type { z } from "zod";
import type { setFlagSchema } from "../../schemas/review";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { editableAssignment } from "./editable-assignment";
import { retryTransient } from "./retry";

/**
 * "Flag for discussion" on the rater's own item: a toggle apart from every rating (an item can be
 * rated with confidence and still be worth discussing). Last write wins — it is one bit the rater
 * alone sets — and the change and its trail row commit together.
 */
export async function setFlag(db: Db, userId: string, input: z.output<typeof setFlagSchema>): Promise<{ flagged: boolean }> {
  const assignment = await editableAssignment(db, userId, input.assignmentId);
  return retryTransient("flag", () =>
    db.$transaction(async (tx) => {
      const current = await tx.assignment.findUniqueOrThrow({ where: { id: assignment.id }, select: { flagged: true } });
      if (current.flagged === input.flagged) return { flagged: current.flagged };
      await tx.assignment.update({ where: { id: assignment.id }, data: { flagged: input.flagged, lastActivityAt: new Date() } });
      await recordEvent(tx, {
        actorId: userId,
        action: input.undo ? "flag.undo" : "flag.set",
        entity: "Assignment",
        entityId: assignment.id,
        before: { flagged: current.flagged },
        after: { flagged: input.flagged },
      });
      return { flagged: input.flagged };
    }),
  );
}
