import "server-only";
import { db } from "../../db";
import { deviceFor } from "../../auth/device-cookie";
import { dummyHash, verifyPassword } from "../../auth/password";
import { BAD_CREDENTIALS, throttledCode } from "../../auth/sign-in-codes";
import { normaliseEmail, signInKeys } from "../../auth/sign-in-keys";
import { failureKinds, LIMITS, recordFailure, waitMs, WINDOW_MS, type ThrottleKind } from "../../auth/throttle";

export interface SignInAttempt {
  email: string;
  password: string;
  /** The client address a trusted proxy gave (lib/server/auth/options.ts clientAddress), or null. */
  ip: string | null;
  /** The device cookie this browser sent, if any. */
  deviceCookie?: string | undefined;
  /** To verify the device cookie. */
  secret: string;
}

async function fail(key: string, now: Date, limit: number) {
  const state = recordFailure(await db().signInAttempt.findUnique({ where: { key } }), now, limit);
  await db().signInAttempt.upsert({ where: { key }, create: { key, ...state }, update: state });
}

/** Rows that no longer hold anyone back: a spray of made-up emails does not pile up. */
async function prune(now: Date) {
  const old = new Date(now.getTime() - 2 * WINDOW_MS);
  await db().signInAttempt.deleteMany({ where: { windowStart: { lt: old }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: old } }] } });
}

/**
 * Checks credentials under the throttling of lib/auth/throttle.ts; returns the user or throws
 * BAD_CREDENTIALS / the throttled code (lib/auth/sign-in-codes.ts).
 */
export async function signIn({ email: rawEmail, password, ip, deviceCookie, secret }: SignInAttempt) {
  const now = new Date();
  const email = normaliseEmail(rawEmail);
  const user = email ? await db().user.findUnique({ where: { email } }) : null;
  const device = email ? deviceFor(deviceCookie, email, secret) : null;
  const keys = signInKeys({ email, accountVersion: user?.sessionVersion ?? null, ip, device });
  const kinds = Object.keys(keys) as ThrottleKind[];
  const rows = await db().signInAttempt.findMany({ where: { key: { in: Object.values(keys) } } });
  const states = Object.fromEntries(kinds.map((kind) => [kind, rows.find((r) => r.key === keys[kind]) ?? null]));
  const wait = waitMs(states, now);
  if (wait > 0) throw new Error(throttledCode(wait));

  // A hash is always checked, so an unknown or malformed email takes as long as a known one.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok || !user.active) {
    for (const kind of failureKinds(kinds)) await fail(keys[kind]!, now, LIMITS[kind]);
    await prune(now);
    throw new Error(BAD_CREDENTIALS);
  }
  // The account key is left to decay: a guesser's progress is not wiped by the owner's sign-in.
  const cleared = (["pair", "device"] as const).flatMap((kind) => (keys[kind] ? [keys[kind]] : []));
  if (cleared.length > 0) await db().signInAttempt.deleteMany({ where: { key: { in: cleared } } });
  return { ...user, email };
}
