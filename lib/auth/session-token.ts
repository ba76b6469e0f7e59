// The session cookie read directly: next-auth's token, decrypted and checked (signature, "exp")
// by next-auth's own `decode`, without the rest of getServerSession. That one, called from a
// server component, action or route, runs next-auth's whole request handler for a "session"
// request: options, a CSRF token, the callbacks, and a re-encrypted refreshed token whose cookie
// it cannot set there and throws away. Same token, same checks, a few milliseconds less on every
// page, action and route (bench/README.md, "sessions read directly").
import { decode } from "next-auth/jwt";

/** next-auth's cookie name: the `__Secure-` one when the site is served over https. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * The token in the request's cookies: the cookie itself, or, when next-auth had to split a long
 * token, its chunks `name.0`, `name.1`, … joined in order. Null when there is none.
 */
export function sessionTokenFrom(cookies: ReadonlyArray<{ name: string; value: string }>, name: string): string | null {
  const whole = cookies.find((c) => c.name === name);
  if (whole) return whole.value || null;
  const chunks: { index: number; value: string }[] = [];
  for (const c of cookies) {
    const suffix = c.name.startsWith(`${name}.`) ? c.name.slice(name.length + 1) : null;
    if (suffix !== null && /^\d+$/.test(suffix)) chunks.push({ index: Number(suffix), value: c.value });
  }
  if (chunks.length === 0) return null;
  chunks.sort((a, b) => a.index - b.index);
  return chunks.map((c) => c.value).join("") || null;
}

/** The claims ClinAudit puts in a token (lib/server/auth/options.ts, the jwt callback). */
export interface SessionClaims {
  id: string;
  sv: unknown;
  authAt: unknown;
  /** How the session was opened; a token without the claim (older ones) counts as a password sign-in. */
  via: "password" | "sso";
}

/**
 * The token's claims, or null when it does not decrypt with this secret, has expired, or carries
 * no subject: signed out, as getServerSession says for the same token.
 */
export async function decodeSessionToken(token: string, secret: string): Promise<SessionClaims | null> {
  try {
    const claims = await decode({ token, secret });
    return typeof claims?.sub === "string" && claims.sub
      ? { id: claims.sub, sv: claims.sv, authAt: claims.authAt, via: claims.via === "sso" ? "sso" : "password" }
      : null;
  } catch {
    return null;
  }
}
