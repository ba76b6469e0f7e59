import "server-only";
import type { Db } from "../../db/client";
import { generatePassword, hashPassword } from "../../auth/password";
import { AppError } from "../errors";
import { recordEvent } from "../audit-trail";

async function findUser(db: Db, userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, active: true, email: true } });
  if (!user) throw new AppError("NOT_FOUND", { key: "admin.errors.userNotFound" });
  return user;
}

/** Deactivating also ends the user's sessions (sessionVersion is part of every token). */
export async function setUserActive(db: Db, actorId: string, userId: string, active: boolean) {
  if (userId === actorId && !active) throw new AppError("INVALID", { key: "admin.errors.deactivateSelf" });
  const user = await findUser(db, userId);
  if (user.active === active) return;
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { active, ...(active ? {} : { sessionVersion: { increment: 1 } }) },
    });
    await recordEvent(tx, {
      actorId,
      action: active ? "user.activate" : "user.deactivate",
      entity: "User",
      entityId: userId,
      before: { active: user.active },
      after: { active },
    });
  });
}

/**
 * Sets a new temporary password (returned once) and signs the user out everywhere; at their next
 * sign-in they must replace it before anything else.
 */
export async function resetPassword(db: Db, actorId: string, userId: string): Promise<string> {
  await findUser(db, userId);
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, passwordMustChange: true, sessionVersion: { increment: 1 } } });
    await recordEvent(tx, { actorId, action: "user.reset-password", entity: "User", entityId: userId, after: { temporaryPassword: true } });
  });
  return temporaryPassword;
}
