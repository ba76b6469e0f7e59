import "server-only";
import { TRANSIENT_RETRY, withTransientRetry } from "../../db/transient";
import { log } from "../log";

/**
 * One whole write transaction of a save, run again (bounded: TRANSIENT_RETRY) when the database
 * gave up on it before anything was committed — no pool connection within maxWait while a burst
 * holds them all, a deadlock or serialization abort between instances — and each retry logged.
 * A save must not fail because the server was busy or a second instance touched the same rows.
 */
export function retryTransient<T>(what: string, f: () => Promise<T>): Promise<T> {
  return withTransientRetry(f, {
    ...TRANSIENT_RETRY,
    onRetry: ({ kind, attempt, error }) =>
      log().warn(
        { scope: "db", what, kind, attempt, of: TRANSIENT_RETRY.attempts, code: (error as { code?: string }).code },
        "transaction retried",
      ),
  });
}
