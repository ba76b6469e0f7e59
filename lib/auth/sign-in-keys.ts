// What a sign-in attempt is counted against, as short fixed-length keys: the email a visitor
// typed is normalised and capped before it goes anywhere near a key, and hashed, so a
// 200,000-character "email" costs the database nothing.
import { createHash } from "node:crypto";
import type { ThrottleKind } from "./throttle";

export { MAX_EMAIL_LENGTH, normaliseEmail } from "./email";

/** Longer than any IPv6 text form; anything longer is not an address. */
const MAX_ADDRESS_LENGTH = 64;

/** A short stable tag for an account, safe to put in keys and cookies. */
export function accountTag(email: string): string {
  return createHash("sha256").update(`clinaudit-sign-in:${email}`).digest("base64url").slice(0, 22);
}

export function cleanAddress(ip: string | null): string | null {
  return ip && ip.length <= MAX_ADDRESS_LENGTH && /^[0-9A-Fa-f:.]+$/.test(ip) ? ip : null;
}

export interface KeyInput {
  /** From normaliseEmail; null: nothing to count for an account. */
  email: string | null;
  /** The account's sessionVersion when it exists: a password reset changes it, and so the account key. */
  accountVersion: number | null;
  /** The client address a trusted proxy gave, if any. */
  ip: string | null;
  /** The verified device id for this account (lib/auth/device-cookie.ts), if any. */
  device: string | null;
}

/** The throttling keys of one attempt, by kind. */
export function signInKeys({ email, accountVersion, ip, device }: KeyInput): Partial<Record<ThrottleKind, string>> {
  const keys: Partial<Record<ThrottleKind, string>> = {};
  const address = cleanAddress(ip);
  if (address) keys.address = `ip:${address}`;
  if (!email) return keys;
  const tag = accountTag(email);
  keys.account = `acct:${tag}:${accountVersion ?? "none"}`;
  if (address) keys.pair = `pair:${tag}:${address}`;
  if (device) keys.device = `dev:${tag}:${device}`;
  return keys;
}
