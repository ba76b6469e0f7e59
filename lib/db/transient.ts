// Transactions the database gave up on as a whole, before anything of them was committed, and the
// bounded retry of them. Framework-free (no logger, no Prisma import): the caller says how to log.

/** Why a transaction can simply be run again: nothing of it was written. */
export type TransientKind = "start-timeout" | "write-conflict" | "too-many-connections";

/**
 * The kind of a transient transaction failure, or null for anything else:
 * - P2028 "Unable to start a transaction in the given time": no pool connection came within
 *   maxWait (every connection held by other transactions); no statement of it ran.
 * - P2034: PostgreSQL aborted it as a deadlock victim (40P01) or a serialization failure (40001);
 *   it was rolled back whole.
 * - P2037: the server refused the connection (too many clients); nothing ran.
 * Other P2028 errors (a transaction that expired mid-way, one already closed) are not here: the
 * work took too long, and running it again as it was would take as long.
 */
export function transientKind(error: unknown): TransientKind | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "P2028" && typeof message === "string" && message.includes("Unable to start a transaction")) return "start-timeout";
  if (code === "P2034") return "write-conflict";
  if (code === "P2037") return "too-many-connections";
  return null;
}

/**
 * SQLite gave up waiting for another process's write lock (the busy timeout; the adapter reports
 * SQLITE_BUSY as P1008 "Operation has timed out"). Nothing of the transaction was written, and
 * running it now would wait as long again: the caller is told to try again shortly.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P1008";
}

export interface RetryPolicy {
  /** Runs in all, the first included. */
  attempts: number;
  /** Pause before the second run; doubled for each further one, with up to 50 % jitter (ms). */
  backoffMs: number;
  /** Told of each failure that will be retried (to log it). */
  onRetry?: (info: { kind: TransientKind; attempt: number; error: unknown }) => void;
}

/** The retry of database writes: four runs over ~0.7 s of pauses, on top of each run's own maxWait. */
export const TRANSIENT_RETRY: RetryPolicy = { attempts: 4, backoffMs: 100 };

/**
 * Runs `f` (one whole transaction) and runs it again, up to `policy.attempts` times in all, while
 * it fails transiently. Idempotent by construction: a transient failure means the transaction was
 * rolled back or never began, so each run starts from what is committed (compare-and-set writes
 * decide again). The last failure, or any other one, is thrown as it came.
 */
export async function withTransientRetry<T>(f: () => Promise<T>, policy: RetryPolicy = TRANSIENT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await f();
    } catch (error) {
      const kind = transientKind(error);
      if (!kind || attempt >= policy.attempts) throw error;
      policy.onRetry?.({ kind, attempt, error });
      const pause = policy.backoffMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, pause * (1 + Math.random() / 2)));
    }
  }
}
