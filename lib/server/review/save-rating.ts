import "server-only";
import type { z } from "zod";
import type { saveRatingSchema } from "../../schemas/review";
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import { transientKind } from "../../db/transient";
import { GroupCommit } from "./group-commit";
import { retryTransient } from "./retry";
import { ConcurrentRatingChange, writeRatingBatch, type PendingRating, type RatingResult, type RatingState } from "./rating-batch";

export type { RatingState };

/**
 * A save refused because another tab saved first: `current` is the stored value, which the guard
 * hands the save queue as the result's `conflict` (lib/server/action.ts) to show the rater.
 */
export const saveConflict = <T>(current: T) => new AppError("CONFLICT", { key: "review.errors.conflict" }, undefined, { current });

const batchers = new WeakMap<Db, GroupCommit<PendingRating, RatingResult>>();

/** The group commit of one database client: saves arriving together share a transaction. */
function batcher(db: Db): GroupCommit<PendingRating, RatingResult> {
  let b = batchers.get(db);
  if (!b) {
    // A batch the database gave up on (busy pool, deadlock with another instance) is run again
    // whole; one that still fails that way is no single save's fault, so it is not split up.
    const write = (saves: PendingRating[]) => retryTransient("rating batch", () => writeRatingBatch(db, saves));
    batchers.set(db, (b = new GroupCommit(write, { maxBatch: 200, windowMs: 2, isolate: (error) => transientKind(error) === null })));
  }
  return b;
}

/** How many transactions this client's rating saves have used so far (tests, diagnostics). */
export function ratingCommits(db: Db): number {
  return batchers.get(db)?.batches ?? 0;
}

/**
 * Saves one rating with optimistic concurrency: the write only lands if the stored version
 * is the one the client last saw (compare-and-set), so two tabs can never silently overwrite
 * each other. The rating and its audit-trail row commit together — in one transaction with the
 * other saves that arrived meanwhile (group commit, rating-batch.ts), answered after that commit.
 * Refusals (not the rater's assignment, a closed audit, an unknown dimension) and conflicts
 * (saveConflict) are thrown as AppErrors for this save alone.
 */
export async function saveRating(db: Db, userId: string, input: z.output<typeof saveRatingSchema>): Promise<RatingState> {
  let result: RatingResult;
  try {
    result = await batcher(db).submit({ userId, input, at: new Date() });
  } catch (error) {
    // Written alone and still refused by a concurrent writer (a first save of the same rating
    // from elsewhere hit the unique key, or its version moved): a conflict with what is stored.
    if (error instanceof ConcurrentRatingChange || isUniqueViolation(error)) {
      const current = await db.rating.findUnique({
        where: { assignmentId_dimension: { assignmentId: input.assignmentId, dimension: input.dimension } },
        select: { category: true, version: true },
      });
      throw saveConflict({ dimension: input.dimension, category: current?.category ?? null, version: current?.version ?? 0 });
    }
    throw error;
  }
  if ("saved" in result) return result.saved;
  throw saveConflict(result.conflict);
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
