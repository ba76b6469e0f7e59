import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { englishText } from "../errors";
import { transientKind } from "../../db/transient";
import { GroupCommit } from "./group-commit";
import { retryTransient } from "./retry";
import { ConcurrentRatingChange, writeRatingBatch, type PendingRating, type RatingResult, type RatingState } from "./rating-batch";

export const saveRatingSchema = z.strictObject({
  assignmentId: z.string().min(1),
  dimension: z.string().min(1),
  category: z.string().min(1).nullable(),
  expectedVersion: z.number().int().min(0),
  /** The change undoes the rater's previous one (shown as such in the audit trail). */
  undo: z.boolean().optional(),
});

export type { RatingState };
export type SaveOutcome<T> = { ok: true; data: T } | { ok: false; error: string; conflict?: { current: T } };

/** The conflict's words (English here; the review actions give it in the reader's language). */
export const CONFLICT = englishText({ key: "review.errors.conflict" });

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
 * Refusals (not the rater's assignment, a closed audit, an unknown dimension) are thrown as
 * AppErrors for this save alone.
 */
export async function saveRating(db: Db, userId: string, input: z.output<typeof saveRatingSchema>): Promise<SaveOutcome<RatingState>> {
  try {
    const result = await batcher(db).submit({ userId, input, at: new Date() });
    if ("saved" in result) return { ok: true, data: result.saved };
    return { ok: false, error: CONFLICT, conflict: { current: result.conflict } };
  } catch (error) {
    // Written alone and still refused by a concurrent writer (a first save of the same rating
    // from elsewhere hit the unique key, or its version moved): a conflict with what is stored.
    if (error instanceof ConcurrentRatingChange || isUniqueViolation(error)) {
      const current = await db.rating.findUnique({
        where: { assignmentId_dimension: { assignmentId: input.assignmentId, dimension: input.dimension } },
        select: { category: true, version: true },
      });
      return {
        ok: false,
        error: CONFLICT,
        conflict: { current: { dimension: input.dimension, category: current?.category ?? null, version: current?.version ?? 0 } },
      };
    }
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
