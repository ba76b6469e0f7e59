import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { AppError } from "@/lib/server/errors";
import { bootstrap } from "@/lib/server/setup/bootstrap";
import { DEMO_USERS } from "@/lib/server/setup/demo-users";
import { createUser } from "@/lib/server/users/create-user";
import { listUsers } from "@/lib/server/users/list-users";
import { resetPassword, setUserActive } from "@/lib/server/users/manage-user";
import { DATABASES, target } from "./databases";

describe.each(DATABASES)("users on $name", (database) => {
  afterAll(() => database.dropAll());

  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("bootstraps one admin with a generated password, once", async () => {
    const db = await freshDb();
    const first = await bootstrap(db, { demo: false });
    expect(first.createdAdmin?.email).toBe("admin@clinaudit.local");
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@clinaudit.local" } });
    expect(await verifyPassword(admin.passwordHash, first.createdAdmin!.password!)).toBe(true);
    expect(await bootstrap(db, { demo: false })).toEqual({ createdAdmin: null, demoUsersCreated: 0, demoDataCreated: false });
    await db.$disconnect();
  });

  it("seeds the demo users of every role in demo mode, idempotently", async () => {
    const db = await freshDb();
    const result = await bootstrap(db, { demo: true });
    expect(result).toEqual({ createdAdmin: null, demoUsersCreated: DEMO_USERS.length, demoDataCreated: true });
    expect(await db.dataset.count()).toBe(3);
    expect(await db.rating.count()).toBe(2 * 12 * 2);
    // 12 items × 3 English-interface clinicians, and the Chinese audit's 6 items for 王芳.
    expect(await db.assignment.count()).toBe(36 + 6);
    expect(await db.user.findUnique({ where: { email: "clinician4@demo.clinaudit" }, select: { locale: true } })).toEqual({
      locale: "zh-CN",
    });
    expect(new Set((await db.user.findMany()).map((u) => u.role))).toEqual(new Set(["ADMIN", "ORGANIZER", "CLINICIAN"]));
    // The demo's published passwords stay usable: no forced change (issue 15).
    expect(await db.user.count({ where: { passwordMustChange: true } })).toBe(0);
    expect((await bootstrap(db, { demo: true })).demoUsersCreated).toBe(0);
    await db.$disconnect();
  });

  it("creates users with an audit event, rejects duplicates, and never returns hashes", async () => {
    const db = await freshDb();
    const { user, temporaryPassword } = await createUser(db, null, { email: " Res@Example.org ", name: "Res", role: "CLINICIAN" });
    expect(user.email).toBe("res@example.org");
    expect(temporaryPassword).toBeTruthy();
    expect(Object.keys(user)).not.toContain("passwordHash");
    const duplicate = createUser(db, null, { email: "res@example.org", name: "Again", role: "ADMIN" });
    await expect(duplicate).rejects.toBeInstanceOf(AppError);
    // A catalog message, so the admin reads it in their language.
    await expect(duplicate).rejects.toMatchObject({
      userMessage: "A user with the email res@example.org already exists.",
      catalog: { key: "admin.errors.emailTaken" },
    });
    const events = await db.auditEvent.findMany({ where: { entityId: user.id } });
    expect(events.map((e) => e.action)).toEqual(["user.create"]);
    const page = await listUsers(db, { page: 1, pageSize: 25, search: "RES@" });
    expect(page.total).toBe(1);
    await db.$disconnect();
  });

  it("deactivation and password reset end sessions and leave a trail", async () => {
    const db = await freshDb();
    const { user: admin } = await createUser(db, null, { email: "a@example.org", name: "A", role: "ADMIN", password: "a-long-password" });
    const { user } = await createUser(db, admin.id, { email: "c@example.org", name: "C", role: "CLINICIAN", password: "c-long-password" });
    await setUserActive(db, admin.id, user.id, false);
    await expect(setUserActive(db, admin.id, admin.id, false)).rejects.toMatchObject({
      message: expect.stringMatching(/your own account/),
      catalog: { key: "admin.errors.deactivateSelf" },
    });
    const temp = await resetPassword(db, admin.id, user.id);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.active).toBe(false);
    expect(stored.sessionVersion).toBe(2);
    expect(await verifyPassword(stored.passwordHash, temp)).toBe(true);
    expect(await verifyPassword(stored.passwordHash, "c-long-password")).toBe(false);
    const actions = (await db.auditEvent.findMany({ where: { entityId: user.id }, orderBy: { at: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(["user.create", "user.deactivate", "user.reset-password"]);
    await db.$disconnect();
  });
});
