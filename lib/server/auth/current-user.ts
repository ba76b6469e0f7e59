import "server-only";
import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { authOptions } from "../../auth/options";
import { can, type Permission, type Role } from "../../auth/permissions";
import { sessionIsCurrent } from "../../auth/session-age";
import { db } from "../../db";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The interface language saved in the profile (validated where it is used). */
  locale: string;
}

/**
 * The signed-in user, re-read from the database on every request: a deactivated user or a
 * token issued before a password reset, or signed in more than SESSION_SECONDS ago, counts as
 * signed out.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(authOptions());
  const claims = session?.user as { id?: string; sv?: number; authAt?: number } | undefined;
  if (!claims?.id || !sessionIsCurrent(claims.authAt, Date.now())) return null;
  const user = await db().user.findUnique({
    where: { id: claims.id },
    select: { id: true, email: true, name: true, role: true, locale: true, active: true, sessionVersion: true },
  });
  if (!user || !user.active || user.sessionVersion !== claims.sv) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, locale: user.locale };
});

/** For pages: the user, or a redirect to sign-in. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}

/** For pages, actions and routes: the user if their role grants the permission, else 403. */
export async function requirePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user.role, permission)) forbidden();
  return user;
}
