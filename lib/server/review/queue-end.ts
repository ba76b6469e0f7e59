import "server-only";
import type { Db } from "../../db/client";
import { reviewQueue, type QueueItem } from "./queue";

export interface QueueEnd {
  audit: { id: string; name: string; status: string };
  total: number;
  done: number;
  /** In queue order: items with a rating still missing, flagged items, items with the rater's comment. */
  unrated: QueueItem[];
  flagged: QueueItem[];
  commented: QueueItem[];
}

/**
 * What "n" at the end of a rater's queue shows: how much of one audit they rated and what is left
 * to look at again, from their own assignments only (null when they have none in it).
 */
export async function queueEnd(db: Db, userId: string, auditId: string): Promise<QueueEnd | null> {
  const [audit] = await reviewQueue(db, userId, { auditId });
  if (!audit) return null;
  return {
    audit: { id: audit.id, name: audit.name, status: audit.status },
    total: audit.items.length,
    done: audit.items.filter((i) => i.status === "done").length,
    unrated: audit.items.filter((i) => i.status !== "done"),
    flagged: audit.items.filter((i) => i.flagged),
    commented: audit.items.filter((i) => i.commented),
  };
}
