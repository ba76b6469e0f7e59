import "server-only";
import { db } from "../../db";
import { dummyHash, verifyPassword } from "../../auth/password";
import { isLocked, MAX_FAILURES, recordFailure } from "../../auth/throttle";

/** Same words for every failure, so a visitor cannot tell which emails have accounts. */
export const BAD_CREDENTIALS = "Invalid email or password.";
export const THROTTLED = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

async function attempts(key: string) {
  return db().signInAttempt.findUnique({ where: { key } });
}

async function fail(key: string, now: Date, maxFailures: number) {
  const state = recordFailure(await attempts(key), now, maxFailures);
  await db().signInAttempt.upsert({ where: { key }, create: { key, ...state }, update: state });
}

/**
 * Checks credentials with throttling per email and, when the address is known (a trusted
 * proxy gave it), per client address; throws on failure.
 */
export async function signIn(rawEmail: string, password: string, ip: string | null) {
  const email = rawEmail.trim().toLowerCase();
  const now = new Date();
  const keys = [`email:${email}`, ...(ip ? [`ip:${ip}`] : [])];
  const states = await Promise.all(keys.map(attempts));
  // The address key tolerates a shared ward computer: four times the per-email budget.
  if (states.some((state) => isLocked(state ?? null, now))) throw new Error(THROTTLED);

  const user = email ? await db().user.findUnique({ where: { email } }) : null;
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok || !user.active) {
    await fail(keys[0]!, now, MAX_FAILURES);
    if (keys[1]) await fail(keys[1], now, MAX_FAILURES * 4);
    throw new Error(BAD_CREDENTIALS);
  }
  await db().signInAttempt.deleteMany({ where: { key: keys[0]! } });
  return user;
}
