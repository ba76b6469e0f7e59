import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSessionToken, sessionCookieName, sessionTokenFrom } from "./session-token";

const SECRET = "a-test-secret-of-reasonable-length-0123456789";
const claims = { sub: "user-1", email: "a@example.org", name: "A", role: "CLINICIAN" as const, sv: 3, authAt: 1_700_000_000 };

describe("sessionCookieName", () => {
  it("is next-auth's name, with the __Secure- prefix on https sites", () => {
    expect(sessionCookieName(false)).toBe("next-auth.session-token");
    expect(sessionCookieName(true)).toBe("__Secure-next-auth.session-token");
  });
});

describe("sessionTokenFrom", () => {
  const name = "next-auth.session-token";
  it("takes the cookie of that name and no other", () => {
    const cookies = [
      { name: "next-auth.csrf-token", value: "csrf" },
      { name: "__Secure-next-auth.session-token", value: "other-site" },
      { name, value: "the-token" },
    ];
    expect(sessionTokenFrom(cookies, name)).toBe("the-token");
  });

  it("joins next-auth's chunks in numeric order", () => {
    const cookies = [
      { name: `${name}.10`, value: "K" },
      { name: `${name}.2`, value: "C" },
      { name: `${name}.0`, value: "A" },
      { name: `${name}.1`, value: "B" },
      { name: `${name}.x`, value: "not a chunk" },
    ];
    expect(sessionTokenFrom(cookies, name)).toBe("ABCK");
  });

  it("is null without a token (absent or empty)", () => {
    expect(sessionTokenFrom([], name)).toBeNull();
    expect(sessionTokenFrom([{ name, value: "" }], name)).toBeNull();
    expect(sessionTokenFrom([{ name: "next-auth.session-token-old", value: "x" }], name)).toBeNull();
  });
});

describe("decodeSessionToken", () => {
  it("reads the claims of a token next-auth wrote", async () => {
    const token = await encode({ secret: SECRET, token: claims });
    expect(await decodeSessionToken(token, SECRET)).toEqual({ id: "user-1", sv: 3, authAt: 1_700_000_000, via: "password" });
    const sso = await encode({ secret: SECRET, token: { ...claims, via: "sso" } });
    expect((await decodeSessionToken(sso, SECRET))?.via).toBe("sso");
    // Anything but "sso" is a password session: it ends when password sign-in is turned off.
    const forged = await encode({ secret: SECRET, token: { ...claims, via: "SSO" } });
    expect((await decodeSessionToken(forged, SECRET))?.via).toBe("password");
  });

  it("is null for another secret, a tampered token, garbage and an expired token", async () => {
    const token = await encode({ secret: SECRET, token: claims });
    expect(await decodeSessionToken(token, `${SECRET}-other`)).toBeNull();
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(await decodeSessionToken(tampered, SECRET)).toBeNull();
    expect(await decodeSessionToken("not-a-token", SECRET)).toBeNull();
    // Expired well beyond jose's 15 s clock tolerance.
    const expired = await encode({ secret: SECRET, token: claims, maxAge: -60 });
    expect(await decodeSessionToken(expired, SECRET)).toBeNull();
  });

  it("is null for a token without a subject", async () => {
    const { sub: _sub, ...rest } = claims;
    expect(await decodeSessionToken(await encode({ secret: SECRET, token: rest }), SECRET)).toBeNull();
  });
});
