import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { replaceTemporaryPasswordSchema } from "../../schemas/users";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

/**
 * The forced change at first sign-in: the user replaces the password an admin chose. The session
 * that signed in with it is proof enough of the old one; the new one must differ from it. The
 * flag is compared and cleared in one statement, so of two tabs at once only one changes it.
 * Every session ends (sessionVersion): the caller signs in again with the new password.
 */
export async function replaceTemporaryPassword(
  db: Db,
  userId: string,
  input: z.output<typeof replaceTemporaryPasswordSchema>,
): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true, passwordMustChange: true, active: true } });
  if (!user?.active) throw new AppError("NOT_FOUND", { key: "admin.errors.userNotFound" });
  if (!user.passwordMustChange) throw new AppError("CONFLICT", { key: "auth.forced.errors.alreadyChanged" });
  if (await verifyPassword(user.passwordHash, input.next)) throw new AppError("INVALID", { key: "auth.forced.errors.sameAsTemporary" });
  const passwordHash = await hashPassword(input.next);
  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, passwordMustChange: true },
      data: { passwordHash, passwordMustChange: false, sessionVersion: { increment: 1 } },
    });
    if (count !== 1) throw new AppError("CONFLICT", { key: "auth.forced.errors.alreadyChanged" });
    await recordEvent(tx, {
      actorId: userId,
      action: "user.replace-temporary-password",
      entity: "User",
      entityId: userId,
      before: { temporaryPassword: true },
      after: { temporaryPassword: false },
    });
  });
}
