import "server-only";

// Imports in this server process run one after another: each can hold a few hundred MB while it
// validates and writes a full-size benchmark, and on SQLite their write transactions would queue
// behind each other anyway. Identical uploads that arrive together then find the first one's
// dataset at their checksum pass instead of validating the same bytes again.
let tail: Promise<unknown> = Promise.resolve();
let running = 0;

/** Runs `job` after every job queued before it; `onQueued` is called if it has to wait. */
export function oneAtATime<T>(job: () => Promise<T>, onQueued?: () => void): Promise<T> {
  if (running > 0) onQueued?.();
  running++;
  const result = tail.then(job).finally(() => running--);
  tail = result.catch(() => undefined);
  return result;
}
