import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { generatePassword, hashPassword } from "../../auth/password";
import type { Locale } from "../../i18n/locales";
import { oidcConfig } from "../../env";
import { recordEvent } from "../audit-trail";
import { isPasswordSignInOpen } from "../auth/sso-settings";
import { AppError } from "../errors";
import { isUniqueViolation } from "../review/save-rating";
import type { AcceptForSsoInput, AcceptInput } from "../../schemas/users";
import { openInvitation, type OpenedInvitation } from "./open-invitation";

/** Why a link cannot be used now, as the invitee reads it. */
function refusalOf(opened: OpenedInvitation): AppError {
  if (opened.state === "throttled")
    return new AppError("LOCKED", { key: "auth.invite.throttled", values: { minutes: Math.max(1, Math.ceil(opened.waitMs / 60_000)) } });
  if (opened.state === "valid") throw new Error("a valid invitation is not refused");
  return new AppError(opened.state === "invalid" ? "NOT_FOUND" : "CONFLICT", { key: `auth.invite.refused.${opened.state}` });
}

/**
 * The invitee sets their name and password and gets the account. One-time under concurrency:
 * the invitation is claimed by a compare-and-set (still open, not expired) in the same
 * transaction that creates the user, so of two accepts at once exactly one makes an account.
 * The password is the invitee's own: no forced change follows.
 *
 * Where an admin turned password sign-in off, the invitee gives no password (`input` without
 * one): the account gets an unusable one, as SSO provisioning does, and the invitee's first SSO
 * sign-in with the same verified email links it (lib/auth/sso-mapping.ts). Each kind is refused
 * while the other is the site's: the server decides (`passwordSignInOpen`: read from the settings
 * unless given), whatever form the page showed.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInput | AcceptForSsoInput,
  context: { ip: string | null; locale?: Locale; now?: Date; passwordSignInOpen?: boolean },
) {
  const withPassword = "password" in input;
  if (withPassword !== (context.passwordSignInOpen ?? (await isPasswordSignInOpen(db, oidcConfig())))) {
    throw new AppError("CONFLICT", { key: withPassword ? "auth.invite.refused.passwordOff" : "auth.invite.refused.passwordOn" });
  }
  const now = context.now ?? new Date();
  const opened = await openInvitation(db, input.token, context.ip, now);
  if (opened.state !== "valid") throw refusalOf(opened);
  const { invitation } = opened;
  const email = invitation.email ?? input.email;
  if (!z.email().safeParse(email).success) throw new AppError("INVALID", { key: "admin.form.errors.email" });
  if (await db.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AppError("CONFLICT", { key: "admin.errors.emailTaken", values: { email } });
  // Never shown to anyone: the account signs in through SSO until an admin resets the password.
  const passwordHash = await hashPassword(withPassword ? input.password : generatePassword(8));
  try {
    return await db.$transaction(async (tx) => {
      const { count } = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now },
      });
      if (count !== 1) throw new AppError("CONFLICT", { key: "auth.invite.refused.used" });
      const user = await tx.user.create({
        data: { email, name: input.name, role: invitation.role, passwordHash, ...(context.locale ? { locale: context.locale } : {}) },
        select: { id: true, email: true, name: true, role: true },
      });
      await tx.invitation.update({ where: { id: invitation.id }, data: { userId: user.id } });
      await recordEvent(tx, {
        actorId: user.id,
        action: "user.create",
        entity: "User",
        entityId: user.id,
        after: {
          email,
          name: input.name,
          role: invitation.role,
          via: withPassword ? "invitation" : "invitation-sso",
          invitationId: invitation.id,
        },
      });
      await recordEvent(tx, {
        actorId: user.id,
        action: "invitation.accept",
        entity: "Invitation",
        entityId: invitation.id,
        after: { userId: user.id },
      });
      return user;
    });
  } catch (error) {
    // The email was taken (or the invitation claimed) between the check and the write.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", { key: "admin.errors.emailTaken", values: { email } });
    throw error;
  }
}
