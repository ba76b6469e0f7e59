import "server-only";
import { can, type Permission } from "../../auth/permissions";
import { env } from "../../env";
import { getCurrentUser, mustChangePassword, type CurrentUser } from "./current-user";

/**
 * A state-changing request must come from this site: browsers send Origin on cross-site
 * POSTs, so a foreign Origin is refused (server actions get the same check from Next).
 * X-Forwarded-Host names the site only when a trusted proxy wrote it (CLINAUDIT_TRUST_PROXY;
 * its last entry, as for X-Forwarded-For); otherwise it is whatever the client sent.
 */
export function isCrossOrigin(request: Request, trustProxy = env().CLINAUDIT_TRUST_PROXY): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const forwarded = trustProxy ? request.headers.get("x-forwarded-host")?.split(",").map((h) => h.trim()).filter(Boolean).at(-1) : undefined;
  const host = forwarded ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** For route handlers: the user, or the JSON error response to return (401 / 403). */
export async function guardRoute(permission: Permission, request?: Request): Promise<CurrentUser | Response> {
  if (request && request.method !== "GET" && request.method !== "HEAD" && isCrossOrigin(request)) {
    return Response.json({ error: "Cross-site requests are not accepted." }, { status: 403 });
  }
  const user = await getCurrentUser();
  if (!user) {
    // Signed in with a temporary password: nothing until it is replaced.
    if (await mustChangePassword()) return Response.json({ error: "Change your temporary password first." }, { status: 403 });
    return Response.json({ error: "Sign in first." }, { status: 401 });
  }
  if (!can(user.role, permission)) return Response.json({ error: "Your role does not allow this." }, { status: 403 });
  return user;
}
