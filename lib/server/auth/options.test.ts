// The session cookie our auth options produce, through next-auth's own request handler (the
// Pages-API form of the same core the app's route handler calls): a credentials sign-in sets an
// httpOnly, SameSite=Lax session cookie, and under an https NEXTAUTH_URL a Secure one with the
// __Secure- prefix (the CSRF cookie then gets __Host-).
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("./sign-in", () => ({
  signIn: vi.fn(async (email: string) => ({ id: "u1", email, name: "Dr. Test", role: "CLINICIAN", sessionVersion: 0 })),
}));

type Headers = Record<string, string | string[]>;

/** Calls next-auth with a Pages-API-shaped request; returns the Set-Cookie headers and the body. */
async function call(
  options: object,
  action: string[],
  method: "GET" | "POST",
  body?: Record<string, string>,
  cookies: Record<string, string> = {},
) {
  const { default: NextAuth } = await import("next-auth/next");
  const headers: Headers = {};
  let sent: unknown;
  const res = {
    status: () => res,
    setHeader: (k: string, v: string | string[]) => void (headers[k.toLowerCase()] = v),
    getHeader: (k: string) => headers[k.toLowerCase()],
    json: (b: unknown) => void (sent = b),
    send: (b: unknown) => void (sent = b),
    end: () => {},
  };
  const req = {
    query: { nextauth: action },
    method,
    body,
    cookies,
    headers: { host: "clinaudit.example", "content-type": "application/x-www-form-urlencoded" },
  };
  await NextAuth(req as never, res as never, options as never);
  return { setCookies: ([] as string[]).concat(headers["set-cookie"] ?? []), body: sent };
}

const attributes = (cookie: string) =>
  cookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
const named = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`));

async function signInWith(nextauthUrl: string) {
  vi.resetModules();
  vi.stubEnv("NEXTAUTH_URL", nextauthUrl);
  vi.stubEnv("NEXTAUTH_SECRET", "a-test-secret-of-at-least-32-characters!");
  const { authOptions } = await import("./options");
  const options = authOptions();
  const csrf = await call(options, ["csrf"], "GET");
  const csrfCookie = csrf.setCookies.find((c) => c.includes("next-auth.csrf-token="))!;
  const [csrfName, csrfValue] = csrfCookie.split(";")[0]!.split("=") as [string, string];
  const { csrfToken } = csrf.body as { csrfToken: string };
  const signIn = await call(
    options,
    ["callback", "credentials"],
    "POST",
    { csrfToken, email: "a@example.org", password: "pw", json: "true" },
    { [csrfName]: decodeURIComponent(csrfValue) },
  );
  return { csrfName, options, cookies: signIn.setCookies };
}

describe("session cookie flags from the auth options", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("plain http: httpOnly, SameSite=Lax, not Secure, no prefix", async () => {
    const { options, cookies, csrfName } = await signInWith("http://localhost:3000");
    expect(options).toMatchObject({ useSecureCookies: false });
    expect(options).not.toHaveProperty("cookies"); // next-auth's defaults, nothing overridden
    expect(csrfName).toBe("next-auth.csrf-token");
    const session = named(cookies, "next-auth.session-token");
    expect(session, cookies.join("\n")).toBeDefined();
    expect(attributes(session!)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(attributes(session!)).not.toContain("secure");
  });

  it("https NEXTAUTH_URL: also Secure, named __Secure-…, and the CSRF cookie __Host-…", async () => {
    const { options, cookies, csrfName } = await signInWith("https://clinaudit.example");
    expect(options).toMatchObject({ useSecureCookies: true });
    expect(csrfName).toBe("__Host-next-auth.csrf-token");
    expect(named(cookies, "next-auth.session-token")).toBeUndefined();
    const session = named(cookies, "__Secure-next-auth.session-token");
    expect(session, cookies.join("\n")).toBeDefined();
    expect(attributes(session!)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "secure", "path=/"]));
  });
});

describe("session lifetime on the server (issue 16, finding 8)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("the token set at sign-in expires with the cookie (12 h), not after next-auth's 30 days, and records authAt", async () => {
    const { cookies } = await signInWith("http://localhost:3000");
    const cookie = named(cookies, "next-auth.session-token")!;
    const { decode } = await import("next-auth/jwt");
    const token = await decode({
      token: decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!),
      secret: "a-test-secret-of-at-least-32-characters!",
    });
    const { SESSION_SECONDS } = await import("../../auth/session-age");
    expect(Number(token!.exp) - Number(token!.iat)).toBe(SESSION_SECONDS);
    expect(Math.abs(Number(token!.authAt) - Date.now() / 1000)).toBeLessThan(60);
    const expires = attributes(cookie).find((a) => a.startsWith("expires="))!;
    expect(Math.abs(Date.parse(expires.slice(8)) / 1000 - Number(token!.exp))).toBeLessThan(5);
  });

  it("a token signed in 13 h ago is not a session, even if its exp is still ahead", async () => {
    const { sessionIsCurrent, SESSION_SECONDS } = await import("../../auth/session-age");
    const now = Date.now();
    expect(sessionIsCurrent(now / 1000 - 60, now)).toBe(true);
    expect(sessionIsCurrent(now / 1000 - SESSION_SECONDS + 5, now)).toBe(true);
    expect(sessionIsCurrent(now / 1000 - 13 * 3600, now)).toBe(false);
    expect(sessionIsCurrent(undefined, now)).toBe(false); // issued before authAt existed
    expect(sessionIsCurrent(now / 1000 + 3600, now)).toBe(false);
  });

  it("next-auth's redirect callback never leaves the site", async () => {
    vi.resetModules();
    vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000");
    vi.stubEnv("NEXTAUTH_SECRET", "a-test-secret-of-at-least-32-characters!");
    const { authOptions } = await import("./options");
    const redirect = authOptions().callbacks!.redirect!;
    const baseUrl = "http://localhost:3000";
    expect(await redirect({ url: "/.//evil.example/x", baseUrl })).toBe(baseUrl);
    expect(await redirect({ url: "http://localhost:3000//evil.example", baseUrl })).toBe(baseUrl);
    expect(await redirect({ url: "/login", baseUrl })).toBe(`${baseUrl}/login`);
    expect(await redirect({ url: "http://localhost:3000/review?x=1", baseUrl })).toBe(`${baseUrl}/review?x=1`);
  });
});
