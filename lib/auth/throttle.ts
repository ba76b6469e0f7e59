// Sign-in throttling that a stranger cannot turn into a lock-out. Pure policy; the server
// keeps one SignInAttempt row per key so it holds across processes and restarts.
//
// Keys (lib/server/auth/sign-in.ts builds them):
// - pair:    one account from one client address (when a trusted proxy names the address);
// - address: one client address, across accounts (password spraying);
// - account: one account from anywhere (a slow, distributed guesser);
// - device:  one account from one browser that signed in to it before (a signed cookie).
// A browser holding a device cookie for the account is judged by that key alone: whatever a
// stranger does to the account or to a shared address, the real user's own browser still
// gets in (and is itself limited). Every key backs off exponentially instead of locking for a
// fixed time, and the account key is tied to the password: an admin's reset starts it afresh.

export type ThrottleKind = "pair" | "address" | "account" | "device";

/** Failures within the window before a key starts backing off. */
export const LIMITS: Readonly<Record<ThrottleKind, number>> = { pair: 5, address: 20, account: 10, device: 5 };
/** Kept for callers that speak of "the" limit: one account from one place. */
export const MAX_FAILURES = LIMITS.pair;
export const WINDOW_MS = 15 * 60_000;
/** The first wait once a key reaches its limit; it doubles with each further failure. */
export const BASE_LOCK_MS = 30_000;
/** The longest wait. */
export const LOCK_MS = 15 * 60_000;

export interface AttemptState {
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

export function isLocked(state: AttemptState | null, now: Date): boolean {
  return !!state?.lockedUntil && state.lockedUntil > now;
}

/** How long a key that just reached `failures` (≥ limit) must wait. */
export function backoffMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(LOCK_MS, BASE_LOCK_MS * 2 ** Math.min(20, failures - limit));
}

/**
 * The state after one more failure at `now`. The count starts over once a whole window has
 * passed since the first failure and since the last wait ended, so a guesser who waits out
 * each lock keeps doubling it.
 */
export function recordFailure(state: AttemptState | null, now: Date, limit = MAX_FAILURES): AttemptState {
  const settled = state && Math.max(state.windowStart.getTime(), state.lockedUntil?.getTime() ?? 0) + WINDOW_MS;
  const fresh = !state || now.getTime() > settled!;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const wait = backoffMs(failures, limit);
  return { failures, windowStart, lockedUntil: wait > 0 ? new Date(now.getTime() + wait) : null };
}

export type ThrottleStates = Partial<Record<ThrottleKind, AttemptState | null>>;

/** The keys that decide whether this attempt may check a password: the device alone, when there is one. */
export function decidingKinds(present: readonly ThrottleKind[]): ThrottleKind[] {
  return present.includes("device") ? ["device"] : present.filter((k) => k !== "device");
}

/** Milliseconds until this attempt may check a password (0: now). */
export function waitMs(states: ThrottleStates, now: Date): number {
  const kinds = decidingKinds(Object.keys(states) as ThrottleKind[]);
  let wait = 0;
  for (const kind of kinds) {
    const state = states[kind];
    if (isLocked(state ?? null, now)) wait = Math.max(wait, state!.lockedUntil!.getTime() - now.getTime());
  }
  return wait;
}

/** The keys a failed attempt counts against: a device's failures still count for the account and address. */
export function failureKinds(present: readonly ThrottleKind[]): ThrottleKind[] {
  return present.includes("device") ? present.filter((k) => k !== "pair") : [...present];
}
