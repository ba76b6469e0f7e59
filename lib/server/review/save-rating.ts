import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError, englishText } from "../errors";
import { rubricTurns, splitRatingKey } from "../../audits/item-dimensions";
import type { Rubric, RubricDimension } from "../../audits/rubric";
import { editableAssignment } from "./editable-assignment";

export const saveRatingSchema = z.strictObject({
  assignmentId: z.string().min(1),
  dimension: z.string().min(1),
  category: z.string().min(1).nullable(),
  expectedVersion: z.number().int().min(0),
  /** The change undoes the rater's previous one (shown as such in the audit trail). */
  undo: z.boolean().optional(),
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
  const dim = await ratedDimension(db, assignment, input.dimension);
  if (input.category !== null && !dim.categories.some((c) => c.key === input.category)) throw new AppError("INVALID", { key: "review.errors.unknownCategory" });

  const key = input.dimension; // "gold", or "gold@t3" for a per-turn dimension
  const where = { assignmentId_dimension: { assignmentId: assignment.id, dimension: key } };
  try {
    return await db.$transaction(async (tx) => {
      const now = new Date();
      const current = await tx.rating.findUnique({ where, select: { category: true, version: true } });
      if ((current?.version ?? 0) !== input.expectedVersion) {
        return { ok: false as const, error: CONFLICT, conflict: { current: { dimension: key, category: current?.category ?? null, version: current?.version ?? 0 } } };
      }
      let version: number;
      if (!current) {
        await tx.rating.create({ data: { assignmentId: assignment.id, dimension: key, category: input.category, version: 1 } });
        version = 1;
      } else {
        const { count } = await tx.rating.updateMany({
          where: { assignmentId: assignment.id, dimension: key, version: input.expectedVersion },
          data: { category: input.category, version: { increment: 1 } },
        });
        if (count !== 1) throw new AppError("CONFLICT", { key: "review.errors.conflict" });
        version = input.expectedVersion + 1;
      }
      await tx.assignment.update({ where: { id: assignment.id }, data: { lastActivityAt: now } });
      await recordEvent(tx, {
        actorId: userId,
        action: input.undo ? "rating.undo" : "rating.save",
        entity: "Assignment",
        entityId: assignment.id,
        before: current ? { dimension: key, category: current.category, version: current.version } : undefined,
        after: { dimension: key, category: input.category, version },
      });
      return { ok: true as const, data: { dimension: key, category: input.category, version } };
    });
  } catch (error) {
    // A concurrent first save of the same rating hits the unique key: report it as a conflict.
    if ((error instanceof AppError && error.code === "CONFLICT") || isUniqueViolation(error)) {
      const current = await db.rating.findUnique({ where, select: { category: true, version: true } });
      return { ok: false, error: CONFLICT, conflict: { current: { dimension: key, category: current?.category ?? null, version: current?.version ?? 0 } } };
    }
    throw error;
  }
}

/**
 * The rubric dimension a rating key names: a plain dimension, or a per-turn one on a turn of its
 * type that this item has ("gold@t3" on a conversation whose turn 3 is a content turn).
 */
async function ratedDimension(db: Db, assignment: { id: string; rubric: Rubric }, ratingKey: string): Promise<RubricDimension> {
  const { key, turnOrder } = splitRatingKey(ratingKey);
  const dim = assignment.rubric.find((d) => d.key === key);
  if (!dim || (turnOrder === null) !== !dim.perTurn) throw new AppError("INVALID", { key: "review.errors.unknownDimension" });
  if (turnOrder !== null) {
    const row = await db.assignment.findUnique({ where: { id: assignment.id }, select: { auditItem: { select: { item: { select: { data: true } } } } } });
    const turn = rubricTurns(row?.auditItem.item.data).find((t) => t.turnOrder === turnOrder);
    if (!turn || turn.turnType !== dim.perTurn) throw new AppError("INVALID", { key: "review.errors.unknownDimension" });
  }
  return dim;
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
