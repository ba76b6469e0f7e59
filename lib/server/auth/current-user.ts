import "server-only";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { can, type Permission, type Role } from "../../auth/permissions";
import { sessionIsCurrent } from "../../auth/session-age";
import { decodeSessionToken, sessionCookieName, sessionTokenFrom } from "../../auth/session-token";
import { db } from "../../db";
import { authSecret, env, oidcConfig } from "../../env";
import { isPasswordSignInOpen } from "./sso-settings";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The interface language saved in the profile (validated where it is used). */
  locale: string;
}

/** A signed-in account, possibly one whose admin-chosen password must be replaced first. */
export interface SessionAccount extends CurrentUser {
  passwordMustChange: boolean;
  sessionVersion: number;
}

/** Whether the password form is open now, read once per request. */
const passwordSignInIsOpen = cache(() => isPasswordSignInOpen(db(), oidcConfig()));

/**
 * Whoever holds a valid session, re-read from the database on every request: a deactivated user
 * or a token issued before a password reset, or signed in more than SESSION_SECONDS ago, or a
 * password session once password sign-in is turned off, counts as signed out. Only the forced password change reads this directly; everything else asks
 * getCurrentUser, which does not count an account with a temporary password as signed in.
 */
export const getSessionAccount = cache(async (): Promise<SessionAccount | null> => {
  // The cookie next-auth set (authOptions' useSecureCookies: https sites get the __Secure- name).
  const name = sessionCookieName(env().NEXTAUTH_URL.startsWith("https://"));
  const token = sessionTokenFrom((await cookies()).getAll(), name);
  const claims = token ? await decodeSessionToken(token, authSecret()) : null;
  if (!claims || !sessionIsCurrent(claims.authAt, Date.now())) return null;
  const user = await db().user.findUnique({
    where: { id: claims.id },
    select: { id: true, email: true, name: true, role: true, locale: true, active: true, sessionVersion: true, passwordMustChange: true },
  });
  if (!user?.active || user.sessionVersion !== claims.sv) return null;
  // A password session ends when an admin turns password sign-in off (the form is closed then).
  if (claims.via === "password" && !(await passwordSignInIsOpen())) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    locale: user.locale,
    passwordMustChange: user.passwordMustChange,
    sessionVersion: user.sessionVersion,
  };
});

/**
 * The signed-in user. An account still on a temporary password is not one, so every page,
 * action and route that asks here is closed to it by default (the guards below say why).
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const account = await getSessionAccount();
  if (!account || account.passwordMustChange) return null;
  return { id: account.id, email: account.email, name: account.name, role: account.role, locale: account.locale };
});

/** Where a signed-in account with a temporary password is sent, whatever it asked for. */
export const FORCED_CHANGE_PATH = "/change-password";

/** Whether the caller is signed in but must replace a temporary password first. */
export async function mustChangePassword(): Promise<boolean> {
  return (await getSessionAccount())?.passwordMustChange === true;
}

/** For pages: the user, or a redirect to sign-in (or to the forced password change). */
export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect((await mustChangePassword()) ? FORCED_CHANGE_PATH : "/login");
  return user;
}

/** For pages, actions and routes: the user if their role grants the permission, else 403. */
export async function requirePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user.role, permission)) forbidden();
  return user;
}
