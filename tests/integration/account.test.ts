// Admin role changes and a user's own password change: trail, ended sessions, the last admin.
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { changePasswordSchema } from "@/lib/schemas/users";
import { changeOwnPassword } from "@/lib/server/users/change-password";
import { changeRole } from "@/lib/server/users/change-role";
import { createUser } from "@/lib/server/users/create-user";
import { DATABASES, target } from "./databases";

describe.each(DATABASES)("accounts on $name", (database) => {
  afterAll(() => database.dropAll());

  async function world() {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { user: admin } = await createUser(db, null, { email: "a@example.org", name: "A", role: "ADMIN", password: "a-long-password" });
    const { user } = await createUser(db, admin.id, { email: "c@example.org", name: "C", role: "CLINICIAN", password: "c-long-password" });
    return { db, admin, user };
  }

  it("changes a role with before/after in the trail and ends the user's sessions", async () => {
    const { db, admin, user } = await world();
    try {
      await changeRole(db, admin.id, user.id, "ORGANIZER");
      const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored.role).toBe("ORGANIZER");
      expect(stored.sessionVersion).toBe(1);
      const event = await db.auditEvent.findFirstOrThrow({ where: { entityId: user.id, action: "user.change-role" } });
      expect(event).toMatchObject({ actorId: admin.id, before: { role: "CLINICIAN" }, after: { role: "ORGANIZER" } });
      // The same role again changes nothing.
      await changeRole(db, admin.id, user.id, "ORGANIZER");
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(1);
    } finally {
      await db.$disconnect();
    }
  });

  it("never leaves the installation without an active admin, nor lets an admin change their own role", async () => {
    const { db, admin, user } = await world();
    try {
      await expect(changeRole(db, admin.id, admin.id, "CLINICIAN")).rejects.toMatchObject({
        catalog: { key: "admin.errors.changeOwnRole" },
      });
      await changeRole(db, admin.id, user.id, "ADMIN");
      // Two admins: the second may demote the first, then is the last and cannot be demoted.
      await changeRole(db, user.id, admin.id, "ORGANIZER");
      const { user: third } = await createUser(db, null, {
        email: "o@example.org",
        name: "O",
        role: "ORGANIZER",
        password: "o-long-password",
      });
      await db.user.update({ where: { id: third.id }, data: { role: "ADMIN", active: false } });
      await expect(changeRole(db, third.id, user.id, "CLINICIAN")).rejects.toMatchObject({ catalog: { key: "admin.errors.lastAdmin" } });
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("ADMIN");
    } finally {
      await db.$disconnect();
    }
  });

  it("changes one's own password only with the current one, ending every session", async () => {
    const { db, user } = await world();
    try {
      const input = (current: string, next: string, confirm = next) => changePasswordSchema.parse({ current, next, confirm });
      await expect(changeOwnPassword(db, user.id, input("wrong-password!", "a-new-long-password"))).rejects.toMatchObject({
        catalog: { key: "auth.account.errors.wrongPassword" },
      });
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(0);
      const { sessionVersion } = await changeOwnPassword(db, user.id, input("c-long-password", "a-new-long-password"));
      expect(sessionVersion).toBe(1);
      const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(await verifyPassword(stored.passwordHash, "a-new-long-password")).toBe(true);
      expect(await db.auditEvent.count({ where: { entityId: user.id, action: "user.change-password", actorId: user.id } })).toBe(1);
      expect(changePasswordSchema.safeParse({ current: "x", next: "a-new-long-password", confirm: "different-long-pw" }).success).toBe(
        false,
      );
      expect(changePasswordSchema.safeParse({ current: "x", next: "short", confirm: "short" }).success).toBe(false);
      expect(
        changePasswordSchema.safeParse({ current: "x", next: "a-new-long-password", confirm: "a-new-long-password", extra: 1 }).success,
      ).toBe(false);
    } finally {
      await db.$disconnect();
    }
  });
});
