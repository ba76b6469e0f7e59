import "server-only";
import type { Db } from "../../db/client";
import { keptQueue, type QueueAudit } from "./kept-queue";
import { nextUnrated } from "./queue-status";

export interface QueuePlace {
  /** 1-based place of the assignment in the rater's own order for this audit. */
  position: number;
  size: number;
  /** The next assignment not yet done after this one (wrapping), or null. */
  nextAssignmentId: string | null;
  /** The open one after that (wrapping; never this one), or null: the case page prefetches both. */
  followingAssignmentId: string | null;
}

/**
 * Where one assignment stands in its rater's queue for one audit: the queue's own order and
 * "done" rule, from the kept queue (kept-queue.ts), so that the case page costs the same in a
 * finished 5,000-item queue as in a fresh 100-item one. Null: not one of the rater's assignments.
 */
export async function queuePlace(db: Db, userId: string, audit: QueueAudit, assignmentId: string): Promise<QueuePlace | null> {
  const items = await keptQueue(db, userId, audit);
  const at = items.findIndex((i) => i.assignmentId === assignmentId);
  if (at < 0) return null;
  const next = nextUnrated(items, assignmentId);
  const following = next && nextUnrated(items, next.assignmentId);
  return {
    position: at + 1,
    size: items.length,
    nextAssignmentId: next?.assignmentId ?? null,
    followingAssignmentId: following && following.assignmentId !== assignmentId ? following.assignmentId : null,
  };
}
