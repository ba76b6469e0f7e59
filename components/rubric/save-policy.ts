// Pure policies of the save queue: how long to wait before a retry, and
// whether a value found in localStorage after a reload should be re-sent.

/** What is persisted for a field with an unacknowledged value. */
export interface PendingEntry<V> {
  value: V;
  /** Server version the value was edited on top of (the expectedVersion). */
  baseVersion: number;
  /** Value sent but not acknowledged when persisted: it may have landed. */
  inFlight?: { value: V };
  updatedAt: number;
}

export type RestoreDecision = "resend" | "same" | "stale";

/** Delay before retry number `failures` (1-based): 1 s, 2 s, 4 s … capped. */
export function backoffDelay(failures: number, baseMs = 1000, maxMs = 30_000): number {
  const exp = Math.min(Math.max(failures - 1, 0), 30); // bounded so a day of failures stays a finite number
  return Math.min(baseMs * 2 ** exp, maxMs);
}

/**
 * Should a value found in storage after a reload be re-sent? Pure.
 * - server still at the base version → the save never landed: re-send;
 * - server one ahead and holding exactly what we had in flight → our own
 *   write landed before the crash: re-send only a newer value on top;
 * - anything else → someone saved after us: the stored value is stale.
 */
export function reconcilePending<V>(
  entry: PendingEntry<V>,
  server: { value: V; version: number },
  equals: (a: V, b: V) => boolean = Object.is,
): RestoreDecision {
  const ownWriteLanded =
    server.version === entry.baseVersion + 1 && entry.inFlight !== undefined && equals(entry.inFlight.value, server.value);
  if (server.version <= entry.baseVersion || ownWriteLanded) return equals(entry.value, server.value) ? "same" : "resend";
  return "stale";
}
