import "server-only";
import type { Db } from "../../db/client";
import type { Role } from "../../auth/permissions";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";

/**
 * An admin changes a user's role. The user's sessions end (sessionVersion is part of every
 * token), so no page keeps serving the old role's navigation. An admin cannot change their own
 * role, and the last active admin cannot be demoted: someone must always be able to manage users.
 */
export async function changeRole(db: Db, actorId: string, userId: string, role: Role) {
  if (userId === actorId) throw new AppError("INVALID", { key: "admin.errors.changeOwnRole" });
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true, active: true } });
    if (!user) throw new AppError("NOT_FOUND", { key: "admin.errors.userNotFound" });
    if (user.role === role) return;
    if (user.role === "ADMIN" && user.active) {
      const admins = await tx.user.count({ where: { role: "ADMIN", active: true } });
      if (admins <= 1) throw new AppError("INVALID", { key: "admin.errors.lastAdmin" });
    }
    await tx.user.update({ where: { id: userId }, data: { role, sessionVersion: { increment: 1 } } });
    await recordEvent(tx, {
      actorId,
      action: "user.change-role",
      entity: "User",
      entityId: userId,
      before: { role: user.role },
      after: { role },
    });
  });
}
