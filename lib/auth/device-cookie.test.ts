import { describe, expect, it } from "vitest";
import { deviceCookieHeader, deviceFor, issueDeviceToken, readCookie } from "./device-cookie";
import { normaliseEmail, signInKeys } from "./sign-in-keys";

const SECRET = "a-test-secret-of-at-least-32-characters!";

describe("device cookie", () => {
  it("is accepted only for its account and only with our signature", () => {
    const token = issueDeviceToken("a@example.org", SECRET);
    expect(deviceFor(token, "a@example.org", SECRET)).toMatch(/^[\w-]{16}$/);
    expect(deviceFor(token, "b@example.org", SECRET)).toBeNull();
    expect(deviceFor(token, "a@example.org", `${SECRET}-other`)).toBeNull();
    expect(deviceFor(`${token}.x`, "a@example.org", SECRET)).toBeNull();
    expect(deviceFor(undefined, "a@example.org", SECRET)).toBeNull();
    expect(issueDeviceToken("a@example.org", SECRET)).not.toBe(token);
  });
  it("is read from a Cookie header and set HttpOnly for the auth endpoints only", () => {
    expect(readCookie("x=1; clinaudit.device=abc.def=; y=2", "clinaudit.device")).toBe("abc.def=");
    expect(readCookie(undefined, "clinaudit.device")).toBeUndefined();
    expect(deviceCookieHeader("v", true)).toBe("clinaudit.device=v; Path=/api/auth; Max-Age=15552000; HttpOnly; SameSite=Lax; Secure");
  });
});

describe("sign-in keys", () => {
  it("normalise and cap the email before it becomes a key", () => {
    expect(normaliseEmail("  Dr.Ünal@Example.ORG ")).toBe("dr.ünal@example.org");
    expect(normaliseEmail(`${"a".repeat(250)}@x.org`)).toBeNull();
    expect(normaliseEmail("a b@example.org")).toBeNull();
    expect(normaliseEmail("")).toBeNull();
    expect(normaliseEmail(42)).toBeNull();
  });
  it("are short whatever was typed, and tie the account key to the password's version", () => {
    const keys = signInKeys({ email: "a@example.org", accountVersion: 3, ip: "2001:db8::1", device: "dev1" });
    expect(Object.keys(keys).sort()).toEqual(["account", "address", "device", "pair"]);
    expect(keys.account).toMatch(/^acct:[\w-]{22}:3$/);
    expect(signInKeys({ email: "a@example.org", accountVersion: 4, ip: null, device: null }).account).not.toBe(keys.account);
    expect(signInKeys({ email: null, accountVersion: null, ip: "not an address; DROP", device: null })).toEqual({});
  });
});
