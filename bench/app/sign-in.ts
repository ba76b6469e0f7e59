// Signs a user in through next-auth's credentials endpoint, as the login form does:
// GET /api/auth/csrf (token + cookie), then POST /api/auth/callback/credentials.
import { request, setCookies } from "../lib/http";

const SESSION = "next-auth.session-token";

/** The Cookie header of a signed-in session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await request(`${base}/api/auth/csrf`);
  if (csrf.status !== 200) throw new Error(`GET /api/auth/csrf answered ${csrf.status}`);
  const { csrfToken } = JSON.parse(csrf.body.toString("utf8")) as { csrfToken: string };
  const cookie = [...setCookies(csrf)].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await request(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/review`, json: "true" }).toString(),
  });
  const session = setCookies(res).get(SESSION);
  if (!session)
    throw new Error(`sign-in of ${email} failed: HTTP ${res.status} without a session cookie (${res.body.toString("utf8").slice(0, 200)})`);
  return `${SESSION}=${session}`;
}

/** Signs users in a few at a time (each sign-in verifies an argon2 hash on the server). */
export async function signInAll(base: string, emails: readonly string[], password: string, parallel = 4): Promise<string[]> {
  const cookies: string[] = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < emails.length) {
        const i = next++;
        cookies[i] = await signIn(base, emails[i]!, password);
      }
    }),
  );
  return cookies;
}
