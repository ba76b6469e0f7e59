// Sign-in throttling: after MAX_FAILURES failed attempts within WINDOW for one key (an email
// address or a client address), the key is locked for LOCK. Pure policy; the server stores
// the state in SignInAttempt rows so it holds across processes and restarts.
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export interface AttemptState {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

export function isLocked(state: AttemptState | null, now: Date): boolean {
  return !!state?.lockedUntil && state.lockedUntil > now;
}

/** The state after one more failure at `now`. */
export function recordFailure(state: AttemptState | null, now: Date, maxFailures = MAX_FAILURES): AttemptState {
  const fresh = !state || now.getTime() - state.windowStart.getTime() > WINDOW_MS;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const lockedUntil = failures >= maxFailures ? new Date(now.getTime() + LOCK_MS) : null;
  return { failures, windowStart, lockedUntil };
}
