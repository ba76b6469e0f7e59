// A rater's queue items and their status: one rule for the queue, the case page and the end of the queue.
export type QueueStatus = "todo" | "in-progress" | "done";

/** An assignment's status from its rated dimensions and the ratings its item needs (one rule for the queue and the case page). */
export function queueStatus(rated: number, needed: number): QueueStatus {
  return rated === 0 ? "todo" : rated >= needed ? "done" : "in-progress";
}

export interface QueueItem {
  assignmentId: string;
  auditItemId: string;
  sampleOrder: number;
  /** 1-based place in this rater's queue for the audit (their review order). */
  position: number;
  /** What the queue is sorted by: the stored review position, else the sample order. */
  orderKey: number;
  externalId: string;
  chapter: string | null;
  level: string | null;
  decisionPoint: number | null;
  kind: string;
  status: QueueStatus;
  flagged: boolean;
  /** The rater left a comment on the item. */
  commented: boolean;
  /** The patient's id in the benchmark. */
  patient: string;
  lastActivityAt: Date | null;
}

/** The next item not yet done after the assignment `afterId` in queue order (wrapping); the first open one without it. */
export function nextUnrated<T extends Pick<QueueItem, "assignmentId" | "status">>(items: readonly T[], afterId?: string): T | null {
  const at = afterId === undefined ? -1 : items.findIndex((i) => i.assignmentId === afterId);
  for (let k = 1; k <= items.length; k++) {
    const item = items[(at + k) % items.length]!;
    if (item.status !== "done" && item.assignmentId !== afterId) return item;
  }
  return null;
}
