// The save queue's public shapes: what a field shows, what the queue is given.
// Components that only render a field's state import these, not the queue.
import type { PendingEntry } from "./save-policy";
import type { SaveResult } from "./types";

export type FieldStatus<V> =
  | { kind: "idle" }
  | { kind: "pending" } // waiting for the debounce (comment typing)
  | { kind: "saving"; failures: number }
  | { kind: "saved"; at: number }
  | { kind: "retrying"; failures: number; retryAt: number; error: string }
  /** The session ended: retrying cannot help until the user signs in again (then resume()). */
  | { kind: "signedOut" }
  | { kind: "conflict"; at: number; discarded: V };

export interface FieldView<V, C> {
  confirmed: C;
  /** What the UI shows: the latest value the user chose. */
  value: V;
  status: FieldStatus<V>;
  unsaved: boolean;
}

export interface QueueSnapshot<V, C> {
  fields: Readonly<Record<string, FieldView<V, C>>>;
  unsaved: number;
}

export interface SaveQueueOptions<V, C> {
  send(key: string, value: V, confirmed: C): Promise<SaveResult<C>>;
  valueOf(confirmed: C): V;
  versionOf(confirmed: C): number;
  /** Confirmed state of a key the queue was not seeded with. */
  fallback(key: string): C;
  equals?(a: V, b: V): boolean;
  persist?(key: string, entry: PendingEntry<V> | null): void;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
}

export interface RestoreReport {
  resent: string[];
  stale: string[];
}
