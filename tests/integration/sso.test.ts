import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { loadEnv, oidcConfig } from "@/lib/env";
import { completeSsoSignIn, ssoAccount } from "@/lib/server/auth/sso-sign-in";
import { getSsoSettings, passwordSignInState, updateSsoSettings } from "@/lib/server/auth/sso-settings";
import { AppError } from "@/lib/server/errors";
import { createUser } from "@/lib/server/users/create-user";
import { changeRole } from "@/lib/server/users/change-role";
import { setUserActive } from "@/lib/server/users/manage-user";
import { DATABASES, target } from "./databases";

const config = oidcConfig(
  loadEnv({
    CLINAUDIT_OIDC_ISSUER: "https://idp.hospital.test/realms/main",
    CLINAUDIT_OIDC_CLIENT_ID: "clinaudit",
    CLINAUDIT_OIDC_CLIENT_SECRET: "secret",
    CLINAUDIT_OIDC_ROLE_MAP: "ca-organizers=ORGANIZER",
  }),
)!;

const claims = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
  sub,
  email,
  email_verified: true,
  name: `Dr ${sub}`,
  ...extra,
});

describe.each(DATABASES)("single sign-on accounts on $name", (database) => {
  afterAll(() => database.dropAll());

  async function freshDb(): Promise<Db> {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }
  const trail = (db: Db, action: string) => db.auditEvent.findMany({ where: { action }, orderBy: { at: "asc" } });

  it("links an existing account by verified email once, then finds it by subject", async () => {
    const db = await freshDb();
    const { user } = await createUser(db, null, { email: "ana@hospital.test", name: "Ana", role: "ORGANIZER" });
    // Unverified: the same email does not open the account, nor link it.
    expect(await completeSsoSignIn(db, config, claims("s-ana", "ana@hospital.test", { email_verified: false }))).toEqual({
      ok: false,
      reason: "unverified",
    });
    expect(await db.ssoLink.count()).toBe(0);

    const first = await completeSsoSignIn(db, config, claims("s-ana", "ANA@hospital.test", { groups: ["ca-admins"] }));
    expect(first).toEqual({ ok: true, userId: user.id, role: "ORGANIZER", sessionVersion: 0 });
    expect(await db.ssoLink.findMany({ select: { userId: true, issuer: true, subject: true } })).toEqual([
      { userId: user.id, issuer: config.issuer, subject: "s-ana" },
    ]);
    expect((await trail(db, "sso.link")).map((e) => e.entityId)).toEqual([user.id]);

    // The IdP changed her email: the link, not the email, finds the account.
    const again = await completeSsoSignIn(db, config, claims("s-ana", "ana.new@hospital.test", { email_verified: false }));
    expect(again).toMatchObject({ ok: true, userId: user.id });
    expect(await ssoAccount(db, config.issuer, "s-ana")).toMatchObject({ id: user.id, role: "ORGANIZER" });
    expect(await trail(db, "sso.sign-in")).toHaveLength(2);
    expect(await trail(db, "sso.link")).toHaveLength(1);

    // A second identity claiming the same email cannot take the linked account over.
    expect(await completeSsoSignIn(db, config, claims("s-mallory", "ana@hospital.test"))).toEqual({
      ok: false,
      reason: "linked-elsewhere",
    });
    await db.$disconnect();
  });

  it("keeps deactivated accounts out and ClinAudit's role changes in force", async () => {
    const db = await freshDb();
    const { user: admin } = await createUser(db, null, { email: "root@hospital.test", name: "Root", role: "ADMIN" });
    const { user } = await createUser(db, null, { email: "ben@hospital.test", name: "Ben", role: "CLINICIAN" });
    expect(await completeSsoSignIn(db, config, claims("s-ben", "ben@hospital.test"))).toMatchObject({ ok: true, role: "CLINICIAN" });
    await changeRole(db, admin.id, user.id, "ORGANIZER");
    const promoted = await completeSsoSignIn(db, config, claims("s-ben", "ben@hospital.test", { groups: [] }));
    expect(promoted).toMatchObject({ ok: true, role: "ORGANIZER" });
    await setUserActive(db, admin.id, user.id, false);
    expect(await completeSsoSignIn(db, config, claims("s-ben", "ben@hospital.test"))).toEqual({ ok: false, reason: "deactivated" });
    expect(await ssoAccount(db, config.issuer, "s-ben")).toBeNull();
    const refused = await trail(db, "sso.refused");
    expect(refused.map((e) => [e.entityId, (e.after as { reason: string }).reason])).toEqual([[user.id, "deactivated"]]);
    await db.$disconnect();
  });

  it("creates unknown users only when allowed, with the mapped role", async () => {
    const db = await freshDb();
    const { user: admin } = await createUser(db, null, { email: "root@hospital.test", name: "Root", role: "ADMIN" });
    const ng = claims("s-ng", "ng@hospital.test", { groups: ["ca-organizers"], name: "Nurse Ng" });
    expect(await completeSsoSignIn(db, config, ng)).toEqual({ ok: false, reason: "unknown" });
    expect(await db.user.count()).toBe(1);

    // The env's mapping is the default until an admin saves settings.
    expect((await getSsoSettings(db, config)).roleMap).toEqual([{ value: "ca-organizers", role: "ORGANIZER" }]);
    await updateSsoSettings(db, admin.id, config, {
      allowProvisioning: true,
      roleClaim: "groups",
      roleMap: [{ value: "ca-organizers", role: "ORGANIZER" }],
      passwordSignIn: true,
    });
    const created = await completeSsoSignIn(db, config, ng, "zh-CN");
    expect(created).toMatchObject({ ok: true, role: "ORGANIZER" });
    const row = await db.user.findUniqueOrThrow({ where: { email: "ng@hospital.test" } });
    expect(row).toMatchObject({ name: "Nurse Ng", role: "ORGANIZER", locale: "zh-CN", active: true });
    // Its password is random and never shown: nothing typed opens it.
    expect(await verifyPassword(row.passwordHash, "")).toBe(false);
    expect((await trail(db, "sso.provision")).map((e) => e.after)).toEqual([
      { issuer: config.issuer, subject: "s-ng", email: "ng@hospital.test", name: "Nurse Ng", role: "ORGANIZER", roleClaim: "groups" },
    ]);

    // No match: clinician. Unverified: nobody is created.
    expect(await completeSsoSignIn(db, config, claims("s-lee", "lee@hospital.test", { groups: ["porters"] }))).toMatchObject({
      ok: true,
      role: "CLINICIAN",
    });
    expect(await completeSsoSignIn(db, config, claims("s-kim", "kim@hospital.test", { email_verified: false }))).toEqual({
      ok: false,
      reason: "unverified",
    });
    expect(await db.user.count()).toBe(3);
    await db.$disconnect();
  });

  it("refuses to turn password sign-in off until an active admin has signed in with SSO", async () => {
    const db = await freshDb();
    const { user: admin } = await createUser(db, null, { email: "root@hospital.test", name: "Root", role: "ADMIN" });
    const off = { allowProvisioning: false, roleClaim: "groups", roleMap: [], passwordSignIn: false };
    await expect(updateSsoSettings(db, admin.id, config, off)).rejects.toThrow(AppError);
    await expect(updateSsoSettings(db, admin.id, config, off)).rejects.toThrow(/no active admin has signed in with single sign-on/);
    expect((await passwordSignInState(db, config)).open).toBe(true);
    await expect(updateSsoSettings(db, admin.id, null, off)).rejects.toThrow(/not configured/);

    await completeSsoSignIn(db, config, claims("s-root", "root@hospital.test"));
    await updateSsoSettings(db, admin.id, config, off);
    expect(await passwordSignInState(db, config)).toMatchObject({ open: false, activeSsoAdmins: 1 });
    // Nothing can strand the admins: without SSO configured, or without an active SSO admin, it reopens.
    expect((await passwordSignInState(db, null)).open).toBe(true);
    await setUserActive(db, (await createUser(db, null, { email: "b@hospital.test", name: "B", role: "ADMIN" })).user.id, admin.id, false);
    expect(await passwordSignInState(db, config)).toMatchObject({ open: true, activeSsoAdmins: 0 });

    const changes = await trail(db, "sso.settings");
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actorId: admin.id, before: { passwordSignIn: true }, after: { passwordSignIn: false } });
    await db.$disconnect();
  });
});
