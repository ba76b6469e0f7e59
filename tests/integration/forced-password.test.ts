// Temporary passwords (issue 15): an admin's password is replaced at first sign-in; demo and
// operator-set passwords are not; the replacement must differ, happens once, and is in the trail.
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { bootstrap } from "@/lib/server/setup/bootstrap";
import { createUser } from "@/lib/server/users/create-user";
import { resetPassword } from "@/lib/server/users/manage-user";
import { replaceTemporaryPasswordSchema } from "@/lib/schemas/users";
import { replaceTemporaryPassword } from "@/lib/server/users/replace-temporary-password";
import { DATABASES, target } from "./databases";

describe.each(DATABASES)("temporary passwords on $name", (database) => {
  afterAll(() => database.dropAll());

  async function fresh() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("marks admin-made passwords temporary, not the operator's own", async () => {
    const db = await fresh();
    try {
      await bootstrap(db, { demo: false, adminEmail: "op@example.org", adminPassword: "operator-chosen-password" });
      const { user: admin } = await createUser(db, null, { email: "a@example.org", name: "A", role: "ADMIN", password: "a-long-password" });
      const typed = await createUser(
        db,
        admin.id,
        { email: "t@example.org", name: "T", role: "CLINICIAN", password: "typed-by-admin-1" },
        { temporary: true },
      );
      const generated = await createUser(db, admin.id, { email: "g@example.org", name: "G", role: "CLINICIAN" }, { temporary: true });
      const flag = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email } })).passwordMustChange;
      expect(await flag("op@example.org")).toBe(false);
      expect(await flag("a@example.org")).toBe(false);
      expect(await flag("t@example.org")).toBe(true);
      expect(await flag("g@example.org")).toBe(true);
      expect(generated.temporaryPassword).toBeTruthy();
      expect(typed.temporaryPassword).toBeNull();
      const created = await db.auditEvent.findFirstOrThrow({ where: { entityId: typed.user.id, action: "user.create" } });
      expect(created.after).toMatchObject({ temporaryPassword: true });

      // A reset makes a chosen password temporary again.
      await replaceTemporaryPassword(
        db,
        typed.user.id,
        replaceTemporaryPasswordSchema.parse({ next: "my-own-password-1", confirm: "my-own-password-1" }),
      );
      expect(await flag("t@example.org")).toBe(false);
      await resetPassword(db, admin.id, typed.user.id);
      expect(await flag("t@example.org")).toBe(true);
    } finally {
      await db.$disconnect();
    }
  });

  // (Demo accounts are never forced: every e2e spec signs in with them straight to its home.)
  it("a generated first admin, printed once on the console, must change it", async () => {
    const db = await fresh();
    try {
      const result = await bootstrap(db, { demo: false });
      expect(result.createdAdmin?.password).toBeTruthy();
      const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@clinaudit.local" } });
      expect(admin.passwordMustChange).toBe(true);
    } finally {
      await db.$disconnect();
    }
  });

  it("refuses the temporary password as the new one; replaces it once, with the trail and ended sessions", async () => {
    const db = await fresh();
    try {
      const { user: admin } = await createUser(db, null, { email: "a@example.org", name: "A", role: "ADMIN", password: "a-long-password" });
      const { user, temporaryPassword } = await createUser(
        db,
        admin.id,
        { email: "c@example.org", name: "C", role: "CLINICIAN" },
        { temporary: true },
      );
      const input = (next: string) => replaceTemporaryPasswordSchema.parse({ next, confirm: next });
      await expect(replaceTemporaryPassword(db, user.id, input(temporaryPassword!))).rejects.toMatchObject({
        catalog: { key: "auth.forced.errors.sameAsTemporary" },
      });
      expect(replaceTemporaryPasswordSchema.safeParse({ next: "new-password-one", confirm: "new-password-two" }).success).toBe(false);

      // Two tabs at once: one changes it, the other is told it is done.
      const results = await Promise.allSettled([
        replaceTemporaryPassword(db, user.id, input("new-password-one")),
        replaceTemporaryPassword(db, user.id, input("new-password-two")),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({
        reason: { catalog: { key: "auth.forced.errors.alreadyChanged" } },
      });

      const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored.passwordMustChange).toBe(false);
      expect(stored.sessionVersion).toBe(1);
      expect(await verifyPassword(stored.passwordHash, temporaryPassword!)).toBe(false);
      const events = await db.auditEvent.findMany({ where: { entityId: user.id, action: "user.replace-temporary-password" } });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: user.id, before: { temporaryPassword: true }, after: { temporaryPassword: false } });
      await expect(replaceTemporaryPassword(db, user.id, input("third-password-x"))).rejects.toMatchObject({
        catalog: { key: "auth.forced.errors.alreadyChanged" },
      });
    } finally {
      await db.$disconnect();
    }
  });
});
