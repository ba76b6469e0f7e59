import "server-only";
import { can, type Permission } from "../../auth/permissions";
import { getCurrentUser, type CurrentUser } from "./current-user";

/** For route handlers: the user, or the JSON error response to return (401 / 403). */
export async function guardRoute(permission: Permission): Promise<CurrentUser | Response> {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in first." }, { status: 401 });
  if (!can(user.role, permission)) return Response.json({ error: "Your role does not allow this." }, { status: 403 });
  return user;
}
