import "server-only";
import type { Db } from "../../db/client";
import { generatePassword, hashPassword } from "../../auth/password";
import type { Role } from "../../auth/permissions";
import { decideSsoSignIn, type KnownAccount, type SsoRefusal } from "../../auth/sso-mapping";
import { normaliseEmail } from "../../auth/sign-in-keys";
import type { OidcConfig } from "../../env";
import type { Locale } from "../../i18n/locales";
import { recordEvent } from "../audit-trail";
import { setUserLocale } from "../users/set-locale";
import { getSsoSettings } from "./sso-settings";

export type SsoSignInResult = { ok: true; userId: string; role: Role; sessionVersion: number } | { ok: false; reason: SsoRefusal };

const NAME_MAX = 120;

/** A display name from the usual OpenID claims, else the email's local part. */
function nameFrom(claims: Record<string, unknown>, email: string): string {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const name =
    text(claims.name) ||
    [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ") ||
    text(claims.preferred_username) ||
    email.split("@")[0]!;
  return name.slice(0, NAME_MAX);
}

async function known(db: Db, where: { id: string } | { email: string }, issuer: string): Promise<KnownAccount | null> {
  const user = await db.user.findUnique({
    where,
    select: { id: true, active: true, ssoLinks: { where: { issuer }, select: { subject: true } } },
  });
  return user ? { id: user.id, active: user.active, linkedSubject: user.ssoLinks[0]?.subject ?? null } : null;
}

/**
 * Everything an SSO sign-in does to the database: decides (lib/auth/sso-mapping.ts), then links,
 * creates or refuses, each with its trail entry in the same transaction. The caller turns the
 * result into a session or a refusal page.
 */
export async function completeSsoSignIn(
  db: Db,
  config: OidcConfig,
  claims: Record<string, unknown>,
  locale?: Locale,
): Promise<SsoSignInResult> {
  const subject = typeof claims.sub === "string" ? claims.sub : "";
  if (!subject) return { ok: false, reason: "no-email" };
  const { issuer } = config;
  const link = await db.ssoLink.findUnique({ where: { issuer_subject: { issuer, subject } }, select: { userId: true } });
  const byLink = link ? await known(db, { id: link.userId }, issuer) : null;
  const email = normaliseEmail(claims.email);
  const byEmail = !byLink && email ? await known(db, { email }, issuer) : null;
  const settings = await getSsoSettings(db, config);
  const decision = decideSsoSignIn({
    claims,
    byLink,
    byEmail,
    allowProvisioning: settings.allowProvisioning,
    roleClaim: settings.roleClaim,
    roleMap: settings.roleMap,
  });
  const identity = { issuer, subject, email: email ?? null };

  if (decision.kind === "refuse") {
    // Not a change, but who was turned away is what an admin needs to answer "ask your administrator".
    const account = byLink ?? byEmail;
    await recordEvent(db, {
      actorId: null,
      action: "sso.refused",
      entity: account ? "User" : "SsoIdentity",
      entityId: account?.id ?? subject,
      after: { ...identity, reason: decision.reason },
    });
    return { ok: false, reason: decision.reason };
  }

  const now = new Date();
  if (decision.kind === "provision") {
    // Never shown to anyone: the account signs in through SSO until an admin resets the password.
    const passwordHash = await hashPassword(generatePassword(8));
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: decision.email,
          name: nameFrom(claims, decision.email),
          role: decision.role,
          passwordHash,
          ...(locale ? { locale } : {}),
          ssoLinks: { create: { issuer, subject, lastSignInAt: now } },
        },
        select: { id: true, email: true, name: true, role: true, sessionVersion: true },
      });
      await recordEvent(tx, {
        actorId: null,
        action: "sso.provision",
        entity: "User",
        entityId: created.id,
        after: { ...identity, email: created.email, name: created.name, role: created.role, roleClaim: settings.roleClaim },
      });
      await recordEvent(tx, { actorId: created.id, action: "sso.sign-in", entity: "User", entityId: created.id, after: identity });
      return created;
    });
    return { ok: true, userId: user.id, role: user.role, sessionVersion: user.sessionVersion };
  }

  const user = await db.$transaction(async (tx) => {
    if (decision.link) {
      await tx.ssoLink.create({ data: { userId: decision.userId, issuer, subject, lastSignInAt: now } });
      await recordEvent(tx, { actorId: decision.userId, action: "sso.link", entity: "User", entityId: decision.userId, after: identity });
    } else {
      await tx.ssoLink.update({ where: { issuer_subject: { issuer, subject } }, data: { lastSignInAt: now } });
    }
    await recordEvent(tx, { actorId: decision.userId, action: "sso.sign-in", entity: "User", entityId: decision.userId, after: identity });
    return tx.user.findUniqueOrThrow({ where: { id: decision.userId }, select: { id: true, role: true, sessionVersion: true } });
  });
  // A language chosen on the sign-in page becomes the profile's, as with the password form.
  if (locale) await setUserLocale(db, user.id, locale);
  return { ok: true, userId: user.id, role: user.role, sessionVersion: user.sessionVersion };
}

/** The active account linked to (issuer, subject), for the session token after a sign-in. */
export async function ssoAccount(db: Db, issuer: string, subject: string) {
  const link = await db.ssoLink.findUnique({
    where: { issuer_subject: { issuer, subject } },
    select: { user: { select: { id: true, role: true, sessionVersion: true, active: true } } },
  });
  return link?.user.active ? link.user : null;
}
