// Runs before every page and route. Three jobs:
// 1. A fresh CSP nonce per request (lib/security/csp.ts): Next reads the policy from the
//    request headers and puts the nonce on its own scripts; the browser gets the same policy.
// 2. First line of defence for sign-in: everything but the sign-in page, auth endpoints and
//    health needs a session. Roles and record scope are checked again on the server by every
//    page, action and route (lib/server/auth/current-user.ts), which is where access is decided.
// 3. A server action called from another site is answered 403 (lib/security/action-origin.ts).
import { withAuth } from "next-auth/middleware";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { isCrossSiteAction } from "./lib/security/action-origin";
import { contentSecurityPolicy, createNonce } from "./lib/security/csp";

// invite/<token>: a person with an invitation link has no account yet (the page throttles guesses).
const PUBLIC = /^\/(login|invite|api\/auth|api\/health)(\/|$)/;

function withCsp(request: NextRequest) {
  const csp = contentSecurityPolicy({ nonce: createNonce(), dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

const signedIn = withAuth((request) => withCsp(request), { pages: { signIn: "/login" } });

export default function proxy(request: NextRequest, event: NextFetchEvent) {
  const action = request.method === "POST" && request.headers.has("next-action");
  // Next would refuse it too, but as a 500 (an error of ours, to a monitor); it is the caller's.
  if (action && isCrossSiteAction(request.headers)) return new NextResponse("Forbidden: a cross-site request.", { status: 403 });
  // Server actions answer a signed-out caller themselves ({ signedOut: true }, lib/server/action.ts);
  // a redirect here would reach the page as a broken response ("Network error — retrying").
  if (PUBLIC.test(request.nextUrl.pathname) || action) return withCsp(request);
  return signedIn(request as Parameters<typeof signedIn>[0], event);
}

// The three upload routes stay out: Next copies the body of every request the proxy sees into
// memory (up to experimental.proxyClientMaxBodySize, 10 MiB, then it is cut) and holds the route
// until that copy is read to the end, so an upload could neither be large nor stream. They answer
// JSON, not pages (no CSP needed), and check the session and role themselves (guardedRoute in lib/server/route.ts: 401/403).
export const config = {
  matcher: [
    "/((?!_next/static|_next/image|icon.svg|favicon.ico|robots.txt|manifest.webmanifest|api/datasets/import$|api/evaluations/import$|api/agreement$).*)",
  ],
};
