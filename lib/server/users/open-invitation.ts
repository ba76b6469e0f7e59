import "server-only";
import type { Db } from "../../db/client";
import { cleanAddress } from "../../auth/sign-in-keys";
import { isLocked, LIMITS, recordFailure, WINDOW_MS } from "../../auth/throttle";
import { parseToken, secretMatches } from "./invitation-token";

// Guessing invitation links is throttled with the sign-in machinery (lib/auth/throttle.ts, the
// SignInAttempt rows), and cannot be turned into a lock-out either: a token whose id names a
// real invitation is judged by that invitation's own key alone (as a device cookie is for
// sign-in), so wrong guesses elsewhere never hold a genuine invitee back; a wrong secret for it
// counts there. Tokens naming no invitation count against the client address (when a trusted
// proxy gives it) and one key for all such guesses.
const ANY_KEY = "inv:any";
const ANY_LIMIT = 100;
const keyOfInvitation = (id: string) => `inv:id:${id}`;
const keyOfAddress = (ip: string) => `inv:ip:${ip}`;

export type InvitationState = "valid" | "used" | "expired" | "revoked";

export type OpenedInvitation =
  | {
      state: InvitationState;
      invitation: { id: string; role: "ADMIN" | "ORGANIZER" | "CLINICIAN"; email: string | null; name: string | null; expiresAt: Date };
    }
  | { state: "invalid" }
  | { state: "throttled"; waitMs: number };

async function waitFor(db: Db, keys: string[], now: Date): Promise<number> {
  const rows = await db.signInAttempt.findMany({ where: { key: { in: keys } } });
  return Math.max(0, ...rows.filter((r) => isLocked(r, now)).map((r) => r.lockedUntil!.getTime() - now.getTime()));
}

async function countFailure(db: Db, keys: [string, number][], now: Date) {
  for (const [key, limit] of keys) {
    const state = recordFailure(await db.signInAttempt.findUnique({ where: { key } }), now, limit);
    await db.signInAttempt.upsert({ where: { key }, create: { key, ...state }, update: state });
  }
}

/**
 * What an invitation link leads to, under throttling: its invitation and whether it can still be
 * accepted, "invalid" for a link that names none (or a wrong secret), or how long to wait.
 */
export async function openInvitation(db: Db, token: string, ip: string | null, now = new Date()): Promise<OpenedInvitation> {
  const parsed = parseToken(token);
  const invitation = parsed
    ? await db.invitation.findUnique({
        where: { id: parsed.id },
        select: { id: true, role: true, email: true, name: true, expiresAt: true, secretHash: true, acceptedAt: true, revokedAt: true },
      })
    : null;
  const address = cleanAddress(ip);
  const strangerKeys: [string, number][] = [
    [ANY_KEY, ANY_LIMIT],
    ...(address ? [[keyOfAddress(address), LIMITS.address] as [string, number]] : []),
  ];
  const deciding = invitation ? [keyOfInvitation(invitation.id)] : strangerKeys.map(([key]) => key);
  const wait = await waitFor(db, deciding, now);
  if (wait > 0) return { state: "throttled", waitMs: wait };
  if (!invitation || !secretMatches(parsed!.secret, invitation.secretHash)) {
    await countFailure(db, invitation ? [[keyOfInvitation(invitation.id), LIMITS.device], ...strangerKeys] : strangerKeys, now);
    const old = new Date(now.getTime() - 2 * WINDOW_MS);
    await db.signInAttempt.deleteMany({
      where: { key: { startsWith: "inv:" }, windowStart: { lt: old }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: old } }] },
    });
    return { state: "invalid" };
  }
  const { secretHash: _hash, acceptedAt, revokedAt, ...shown } = invitation;
  const state: InvitationState = acceptedAt ? "used" : revokedAt ? "revoked" : invitation.expiresAt <= now ? "expired" : "valid";
  return { state, invitation: shown };
}
