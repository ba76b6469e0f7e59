// Shared by the save-queue tests: a SaveQueue wired to a fake server whose
// every request waits until the test settles it, and to an in-memory store.
import type { PendingEntry } from "./save-policy";
import { SaveQueue } from "./save-queue";
import type { SaveResult } from "./types";

export interface Rating {
  value: string | null;
  version: number;
}

/** A controllable fake server: every send waits until the test settles it. */
export function harness(initial: Record<string, Rating> = { a: { value: null, version: 0 }, b: { value: null, version: 0 } }) {
  const calls: { key: string; value: string | null; expectedVersion: number; settle: (r: SaveResult<Rating> | Error) => void }[] = [];
  const persisted = new Map<string, PendingEntry<string | null>>();
  const persistLog: [string, PendingEntry<string | null> | null][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const queue = new SaveQueue<string | null, Rating>(initial, {
    send: (key, value, confirmed) =>
      new Promise<SaveResult<Rating>>((resolve, reject) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        calls.push({
          key,
          value,
          expectedVersion: confirmed.version,
          settle: (r) => {
            inFlight -= 1;
            if (r instanceof Error) reject(r);
            else resolve(r);
          },
        });
      }),
    valueOf: (c) => c.value,
    versionOf: (c) => c.version,
    fallback: () => ({ value: null, version: 0 }),
    persist: (key, entry) => {
      persistLog.push([key, entry]);
      if (entry) persisted.set(key, entry);
      else persisted.delete(key);
    },
  });
  /** Acknowledge call i as the server would (version + 1). */
  const ack = async (i: number) => {
    const c = calls[i]!;
    c.settle({ ok: true, data: { value: c.value, version: c.expectedVersion + 1 } });
    await flushPromises();
  };
  const fail = async (i: number, error = "HTTP 503") => {
    calls[i]!.settle({ ok: false, error });
    await flushPromises();
  };
  return { queue, calls, persisted, persistLog, ack, fail, maxInFlight: () => maxInFlight };
}

export async function flushPromises() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
