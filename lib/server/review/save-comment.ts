import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { editableAssignment } from "./editable-assignment";
import { retryTransient } from "./retry";
import { saveConflict } from "./save-rating";
import type { saveCommentSchema } from "../../schemas/review";

type CommentState = { comment: string; version: number };

/** Saves the rater's comment, compare-and-set on its version; a stale one throws saveConflict with the stored comment. */
export async function saveComment(db: Db, userId: string, input: z.output<typeof saveCommentSchema>): Promise<CommentState> {
  const assignment = await editableAssignment(db, userId, input.assignmentId);
  return retryTransient("comment save", () =>
    db.$transaction(async (tx) => {
      // Read first for the trail's `before`; the compare-and-set below still decides.
      const previous = await tx.assignment.findUniqueOrThrow({
        where: { id: assignment.id },
        select: { comment: true, commentVersion: true },
      });
      const { count } = await tx.assignment.updateMany({
        where: { id: assignment.id, commentVersion: input.expectedVersion },
        data: { comment: input.comment, commentVersion: { increment: 1 }, lastActivityAt: new Date() },
      });
      if (count !== 1) {
        const current = await tx.assignment.findUniqueOrThrow({
          where: { id: assignment.id },
          select: { comment: true, commentVersion: true },
        });
        throw saveConflict({ comment: current.comment, version: current.commentVersion });
      }
      await recordEvent(tx, {
        actorId: userId,
        action: "comment.save",
        entity: "Assignment",
        entityId: assignment.id,
        before: { comment: previous.comment, version: previous.commentVersion },
        after: { comment: input.comment, version: input.expectedVersion + 1 },
      });
      return { comment: input.comment, version: input.expectedVersion + 1 };
    }),
  );
}
