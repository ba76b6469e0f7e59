// What the password sign-in answers the form, as codes (next-auth passes an authorize() error's
// message to the browser as `result.error`): the form words them from its catalog (auth.*,
// sso.passwordOffHere) and never reads English from the server.

/** Same code for every bad credential, so a visitor cannot tell which emails have accounts. */
export const BAD_CREDENTIALS = "BadCredentials";
/** Followed by ":" and the wait in whole minutes. */
export const THROTTLED = "Throttled";

/** The throttled answer with the wait (ms) rounded up to whole minutes, at least 1. */
export function throttledCode(waitMs: number): string {
  return `${THROTTLED}:${Math.max(1, Math.ceil(waitMs / 60_000))}`;
}

export type SignInRefusal = { kind: "throttled"; minutes: number } | { kind: "passwordOff" } | { kind: "invalid" };

/** What a sign-in's `result.error` says (anything unknown reads as bad credentials). */
export function readSignInError(error: string | null | undefined, passwordOff: string): SignInRefusal {
  if (error === passwordOff) return { kind: "passwordOff" };
  const throttled = error ? /^Throttled:(\d+)$/.exec(error) : null;
  return throttled ? { kind: "throttled", minutes: Number(throttled[1]) } : { kind: "invalid" };
}
