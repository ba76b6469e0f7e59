// An IdP identity whose verified email only looks like an account's ("\u212Aate@…" for kate@…)
// must not be linked to that account, nor given one (issue 31, finding 4).
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { loadEnv, oidcConfig } from "@/lib/env";
import { completeSsoSignIn } from "@/lib/server/auth/sso-sign-in";
import { updateSsoSettings } from "@/lib/server/auth/sso-settings";
import { createUser } from "@/lib/server/users/create-user";
import { DATABASES, target } from "./databases";

const config = oidcConfig(
  loadEnv({
    CLINAUDIT_OIDC_ISSUER: "https://idp.hospital.test/realms/main",
    CLINAUDIT_OIDC_CLIENT_ID: "clinaudit",
    CLINAUDIT_OIDC_CLIENT_SECRET: "secret",
  }),
)!;

describe.each(DATABASES)("look-alike emails at SSO sign-in on $name", (database) => {
  afterAll(() => database.dropAll());

  async function freshDb(): Promise<Db> {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it.each(["\u212aate@hospital.test", "\uff4bate@hospital.test", "k\u0430te@hospital.test", "kate@hospit\u0430l.test"])(
    "refuses to link %s to kate@hospital.test or to provision it",
    async (lookAlike) => {
      const db = await freshDb();
      const { user: admin } = await createUser(db, null, { email: "root@hospital.test", name: "Root", role: "ADMIN" });
      const { user: kate } = await createUser(db, null, { email: "kate@hospital.test", name: "Kate", role: "ADMIN" });
      for (const allowProvisioning of [false, true]) {
        await updateSsoSettings(db, admin.id, config, { allowProvisioning, roleClaim: "groups", roleMap: [], passwordSignIn: true });
        const result = await completeSsoSignIn(db, config, { sub: "s-mallory", email: lookAlike, email_verified: true });
        expect(result).toEqual({ ok: false, reason: "look-alike-email" });
      }
      expect(await db.ssoLink.count()).toBe(0);
      expect(await db.user.count()).toBe(2);
      const refused = await db.auditEvent.findMany({ where: { action: "sso.refused" } });
      expect(refused.map((e) => e.entityId)).toEqual(["s-mallory", "s-mallory"]);
      expect(await db.user.findUniqueOrThrow({ where: { id: kate.id }, select: { sessionVersion: true } })).toEqual({ sessionVersion: 0 });
      await db.$disconnect();
    },
  );
});
