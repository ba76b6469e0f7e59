import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { hashPassword } from "../../auth/password";
import type { Locale } from "../../i18n/locales";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import { isUniqueViolation } from "../review/save-rating";
import type { AcceptInput } from "../../schemas/users";
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
 */
export async function acceptInvitation(db: Db, input: AcceptInput, context: { ip: string | null; locale?: Locale; now?: Date }) {
  const now = context.now ?? new Date();
  const opened = await openInvitation(db, input.token, context.ip, now);
  if (opened.state !== "valid") throw refusalOf(opened);
  const { invitation } = opened;
  const email = invitation.email ?? input.email;
  if (!z.email().safeParse(email).success) throw new AppError("INVALID", { key: "admin.form.errors.email" });
  if (await db.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AppError("CONFLICT", { key: "admin.errors.emailTaken", values: { email } });
  const passwordHash = await hashPassword(input.password);
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
        after: { email, name: input.name, role: invitation.role, via: "invitation", invitationId: invitation.id },
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
