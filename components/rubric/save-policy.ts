// Pure policies of the save queue: what a send's answer means, how long to wait
// before a retry, and whether a value found in localStorage after a reload
// should be re-sent.
import type { SaveResult } from "./types";

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

/** What the answer to one send means for the field. */
export type SendVerdict<C> =
  | { kind: "acknowledged"; current: C }
  /** Another tab or window saved first; `current` is theirs. */
  | { kind: "conflict"; current: C }
  | { kind: "signedOut" }
  | { kind: "failed"; error: string };

/**
 * Judge a send's answer. Pure. A "conflict" whose current value is the one we
 * sent is an acknowledgement (our own write landed, e.g. a retry of a save the
 * server had already taken).
 */
export function judgeSend<V, C>(
  result: SaveResult<C>,
  sent: V,
  valueOfConfirmed: (confirmed: C) => V,
  equals: (a: V, b: V) => boolean = Object.is,
): SendVerdict<C> {
  if (result.ok) return result.data === undefined ? { kind: "failed", error: "" } : { kind: "acknowledged", current: result.data };
  const current = result.conflict?.current;
  if (current !== undefined)
    return equals(valueOfConfirmed(current), sent) ? { kind: "acknowledged", current } : { kind: "conflict", current };
  if (result.signedOut) return { kind: "signedOut" };
  return { kind: "failed", error: result.error };
}

/** The message of a send that threw (the network, a crashed action). */
export function sendErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === "string" && error ? error : "Network error";
}
