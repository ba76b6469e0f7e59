import NextAuth from "next-auth";
import { deviceCookieHeader, issueDeviceToken } from "@/lib/auth/device-cookie";
import { authOptions } from "@/lib/server/auth/options";
import { normaliseEmail } from "@/lib/auth/sign-in-keys";
import { authSecret, env } from "@/lib/env";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(req: Request, ctx: Context) {
  return NextAuth(authOptions())(req, ctx);
}

/**
 * A successful password sign-in also marks this browser as one the account's owner uses
 * (lib/auth/device-cookie.ts), so a stranger's failed guesses never lock it out.
 */
async function post(req: Request, ctx: Context) {
  const isCredentials = new URL(req.url).pathname.endsWith("/callback/credentials");
  const email = isCredentials
    ? normaliseEmail(
        (
          await req
            .clone()
            .formData()
            .catch(() => null)
        )?.get("email"),
      )
    : null;
  const response: Response = await handler(req, ctx);
  const signedIn = response.headers.getSetCookie().some((c) => /^(__Secure-)?next-auth\.session-token(\.\d+)?=[^;]/.test(c));
  if (!email || !signedIn) return response;
  const headers = new Headers(response.headers);
  headers.append("set-cookie", deviceCookieHeader(issueDeviceToken(email, authSecret()), env().NEXTAUTH_URL.startsWith("https://")));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export { handler as GET, post as POST };
