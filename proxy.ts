// First line of defence: everything but sign-in, auth endpoints, health and static assets
// needs a session. Roles and record scope are checked again on the server by every page,
// action and route (lib/server/auth/current-user.ts), which is where access is decided.
import { withAuth } from "next-auth/middleware";

export default withAuth({ pages: { signIn: "/login" } });

export const config = {
  matcher: ["/((?!login|api/auth|api/health|_next/static|_next/image|icon.svg|favicon.ico).*)"],
};
