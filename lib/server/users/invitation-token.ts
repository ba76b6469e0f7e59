// An invitation link's token is "<invitation id>.<secret>". Only SHA-256 of the secret is kept,
// so the database (or a backup of it) cannot be turned back into a working link. The id lets a
// genuine link be throttled on its own record (lib/server/users/open-invitation.ts), as a
// device cookie does for sign-in: a stranger's guesses cannot hold a real invitee back.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const SECRET_BYTES = 32;

export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function tokenOf(id: string, secret: string): string {
  return `${id}.${secret}`;
}

/** The id and secret of a token that has the right shape, else null (nothing is looked up). */
export function parseToken(token: unknown): { id: string; secret: string } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^([a-z0-9]{16,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** Whether `secret` hashes to `hash`, in constant time. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
