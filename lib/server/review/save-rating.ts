import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError, englishText } from "../errors";
import { editableAssignment } from "./editable-assignment";

export const saveRatingSchema = z.strictObject({
  assignmentId: z.string().min(1),
  dimension: z.string().min(1),
  category: z.string().min(1).nullable(),
  expectedVersion: z.number().int().min(0),
});

export type RatingState = { dimension: string; category: string | null; version: number };
export type SaveOutcome<T> = { ok: true; data: T } | { ok: false; error: string; conflict?: { current: T } };

/** The conflict's words (English here; the review actions give it in the reader's language). */
export const CONFLICT = englishText({ key: "review.errors.conflict" });

/**
 * Saves one rating with optimistic concurrency: the write only lands if the stored version
 * is the one the client last saw (compare-and-set in the WHERE clause), so two tabs can never
 * silently overwrite each other. The rating and its audit-trail row commit together.
 */
export async function saveRating(db: Db, userId: string, input: z.output<typeof saveRatingSchema>): Promise<SaveOutcome<RatingState>> {
  const assignment = await editableAssignment(db, userId, input.assignmentId);
  const dim = assignment.rubric.find((d) => d.key === input.dimension);
  if (!dim) throw new AppError("INVALID", { key: "review.errors.unknownDimension" });
  if (input.category !== null && !dim.categories.some((c) => c.key === input.category)) throw new AppError("INVALID", { key: "review.errors.unknownCategory" });

  const where = { assignmentId_dimension: { assignmentId: assignment.id, dimension: dim.key } };
  try {
    return await db.$transaction(async (tx) => {
      const now = new Date();
      const current = await tx.rating.findUnique({ where, select: { category: true, version: true } });
      if ((current?.version ?? 0) !== input.expectedVersion) {
        return { ok: false as const, error: CONFLICT, conflict: { current: { dimension: dim.key, category: current?.category ?? null, version: current?.version ?? 0 } } };
      }
      let version: number;
      if (!current) {
        await tx.rating.create({ data: { assignmentId: assignment.id, dimension: dim.key, category: input.category, version: 1 } });
        version = 1;
      } else {
        const { count } = await tx.rating.updateMany({
          where: { assignmentId: assignment.id, dimension: dim.key, version: input.expectedVersion },
          data: { category: input.category, version: { increment: 1 } },
        });
        if (count !== 1) throw new AppError("CONFLICT", { key: "review.errors.conflict" });
        version = input.expectedVersion + 1;
      }
      await tx.assignment.update({ where: { id: assignment.id }, data: { lastActivityAt: now } });
      await recordEvent(tx, {
        actorId: userId,
        action: "rating.save",
        entity: "Assignment",
        entityId: assignment.id,
        before: current ? { dimension: dim.key, category: current.category, version: current.version } : undefined,
        after: { dimension: dim.key, category: input.category, version },
      });
      return { ok: true as const, data: { dimension: dim.key, category: input.category, version } };
    });
  } catch (error) {
    // A concurrent first save of the same rating hits the unique key: report it as a conflict.
    if ((error instanceof AppError && error.code === "CONFLICT") || isUniqueViolation(error)) {
      const current = await db.rating.findUnique({ where, select: { category: true, version: true } });
      return { ok: false, error: CONFLICT, conflict: { current: { dimension: dim.key, category: current?.category ?? null, version: current?.version ?? 0 } } };
    }
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
