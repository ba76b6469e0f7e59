import "server-only";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { changePasswordSchema } from "../../schemas/users";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

/**
 * A signed-in user sets their own password, proving the current one. Their other sessions end
 * (sessionVersion), and the new version is returned so the caller can keep this one.
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  input: z.output<typeof changePasswordSchema>,
): Promise<{ sessionVersion: number }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true, active: true } });
  if (!user?.active) throw new AppError("NOT_FOUND", { key: "admin.errors.userNotFound" });
  if (!(await verifyPassword(user.passwordHash, input.current)))
    throw new AppError("INVALID", { key: "auth.account.errors.wrongPassword" });
  const passwordHash = await hashPassword(input.next);
  return db.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    });
    await recordEvent(tx, { actorId: userId, action: "user.change-password", entity: "User", entityId: userId });
    return updated;
  });
}
