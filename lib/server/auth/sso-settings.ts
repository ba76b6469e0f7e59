import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { ROLES } from "../../auth/permissions";
import { passwordSignInOpen, type RoleRule } from "../../auth/sso-mapping";
import type { OidcConfig } from "../../env";
import { AppError } from "../errors";
import { recordEvent } from "../audit-trail";

const SETTINGS_ID = "sso";

export interface SsoSettings {
  allowProvisioning: boolean;
  roleClaim: string;
  roleMap: RoleRule[];
  /** The admin's choice; whether the form is really open is passwordSignInState's answer. */
  passwordSignIn: boolean;
}

const roleMapSchema = z.array(z.strictObject({ value: z.string().min(1), role: z.enum(ROLES) }));

/** The stored settings, or the defaults (env's claim and mapping) before an admin saved any. */
export async function getSsoSettings(db: Db, config: OidcConfig | null): Promise<SsoSettings> {
  const row = await db.ssoSettings.findUnique({ where: { id: SETTINGS_ID } });
  if (!row)
    return { allowProvisioning: false, roleClaim: config?.roleClaim ?? "groups", roleMap: config?.roleMap ?? [], passwordSignIn: true };
  const roleMap = roleMapSchema.safeParse(row.roleMap);
  return {
    allowProvisioning: row.allowProvisioning,
    roleClaim: row.roleClaim,
    roleMap: roleMap.success ? roleMap.data : [],
    passwordSignIn: row.passwordSignIn,
  };
}

/** Active admins who have signed in through this issuer at least once (so SSO works for them). */
export function countActiveSsoAdmins(db: Db, issuer: string): Promise<number> {
  return db.user.count({ where: { role: "ADMIN", active: true, ssoLinks: { some: { issuer } } } });
}

/** Whether the password form is open now (lib/auth/sso-mapping.ts passwordSignInOpen). */
export async function passwordSignInState(db: Db, config: OidcConfig | null) {
  const settings = await getSsoSettings(db, config);
  const activeSsoAdmins = config ? await countActiveSsoAdmins(db, config.issuer) : 0;
  return {
    settings,
    activeSsoAdmins,
    open: passwordSignInOpen({ ssoConfigured: config !== null, passwordSignIn: settings.passwordSignIn, activeSsoAdmins }),
  };
}

/**
 * Whether the password form is open now, in as few reads as may be (every password session asks,
 * lib/server/auth/current-user.ts): none without SSO configured, the settings row, and the SSO
 * admins counted only once an admin turned the form off.
 */
export async function isPasswordSignInOpen(db: Db, config: OidcConfig | null): Promise<boolean> {
  if (config === null) return true;
  const { passwordSignIn } = await getSsoSettings(db, config);
  return (
    passwordSignIn ||
    passwordSignInOpen({ ssoConfigured: true, passwordSignIn, activeSsoAdmins: await countActiveSsoAdmins(db, config.issuer) })
  );
}

/** Saves the admin's settings with their trail entry; turning password sign-in off needs an SSO admin. */
export async function updateSsoSettings(db: Db, actorId: string, config: OidcConfig | null, next: SsoSettings): Promise<SsoSettings> {
  if (!config) throw new AppError("CONFLICT", { key: "sso.admin.errors.notConfigured" });
  const before = await getSsoSettings(db, config);
  if (!next.passwordSignIn && before.passwordSignIn !== next.passwordSignIn && (await countActiveSsoAdmins(db, config.issuer)) === 0) {
    throw new AppError("CONFLICT", { key: "sso.admin.errors.noSsoAdmin" });
  }
  const data = {
    allowProvisioning: next.allowProvisioning,
    roleClaim: next.roleClaim,
    roleMap: next.roleMap.map((r) => ({ ...r })),
    passwordSignIn: next.passwordSignIn,
    updatedById: actorId,
  };
  await db.$transaction(async (tx) => {
    await tx.ssoSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...data }, update: data });
    await recordEvent(tx, {
      actorId,
      action: "sso.settings",
      entity: "SsoSettings",
      entityId: SETTINGS_ID,
      before: { ...before, roleMap: before.roleMap.map((r) => ({ ...r })) },
      after: {
        allowProvisioning: data.allowProvisioning,
        roleClaim: data.roleClaim,
        roleMap: data.roleMap,
        passwordSignIn: data.passwordSignIn,
      },
    });
  });
  return getSsoSettings(db, config);
}

/** How many accounts have signed in through this issuer (linked identities). */
export function countSsoLinks(db: Db, issuer: string): Promise<number> {
  return db.ssoLink.count({ where: { issuer } });
}
