// How long a sign-in is believed. next-auth refreshes a token's expiry whenever the session is
// read, so "exp" alone would let an active tab live forever and a stolen token live as long as
// it is used; authAt (set once, when the password was checked) bounds the whole session.

/** A session lasts one working day; deactivation or a password reset ends it at once. */
export const SESSION_SECONDS = 12 * 60 * 60;

/** Whether a token signed in at `authAt` (seconds) still holds at `nowMs`. Tokens without it predate the limit. */
export function sessionIsCurrent(authAt: unknown, nowMs: number): boolean {
  if (typeof authAt !== "number" || !Number.isFinite(authAt)) return false;
  const age = nowMs / 1000 - authAt;
  // A little clock skew between processes is tolerated; a token "from the future" is not.
  return age >= -60 && age <= SESSION_SECONDS;
}
