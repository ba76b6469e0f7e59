import { describe, expect, it } from "vitest";
import {
  claimValues,
  decideSsoSignIn,
  formatRoleMap,
  parseRoleMap,
  passwordSignInOpen,
  roleFromClaims,
  type SsoFacts,
} from "./sso-mapping";

const rules = [
  { value: "ca-organizers", role: "ORGANIZER" as const },
  { value: "ca-admins", role: "ADMIN" as const },
];

describe("claim → role", () => {
  it("reads lists, single values, space-separated values and nested claims", () => {
    expect(claimValues({ groups: ["a", "b", 3] }, "groups")).toEqual(["a", "b"]);
    expect(claimValues({ role: "a b" }, "role")).toEqual(["a", "b"]);
    expect(claimValues({ realm_access: { roles: ["x"] } }, "realm_access.roles")).toEqual(["x"]);
    expect(claimValues({ groups: { a: 1 } }, "groups")).toEqual([]);
    expect(claimValues({}, "groups")).toEqual([]);
  });
  it("defaults to clinician when nothing matches", () => {
    expect(roleFromClaims({ groups: ["nurses"] }, "groups", rules)).toBe("CLINICIAN");
    expect(roleFromClaims({}, "groups", rules)).toBe("CLINICIAN");
    expect(roleFromClaims({ groups: ["ca-admins"] }, "groups", [])).toBe("CLINICIAN");
  });
  it("gives the most privileged matching role, whatever the order", () => {
    expect(roleFromClaims({ groups: ["ca-organizers"] }, "groups", rules)).toBe("ORGANIZER");
    expect(roleFromClaims({ groups: ["ca-organizers", "ca-admins"] }, "groups", rules)).toBe("ADMIN");
    expect(roleFromClaims({ groups: ["ca-admins", "ca-organizers"] }, "groups", [...rules].reverse())).toBe("ADMIN");
  });
  it("matches values exactly (case and all)", () => {
    expect(roleFromClaims({ groups: ["CA-ADMINS", "ca-admins-old"] }, "groups", rules)).toBe("CLINICIAN");
  });
  it("parses and formats the mapping text", () => {
    const parsed = parseRoleMap("ca-organizers=organizer\n ca-admins = ADMIN ,");
    expect(parsed).toEqual({ rules });
    expect(parseRoleMap(formatRoleMap(rules))).toEqual({ rules });
    expect(parseRoleMap("")).toEqual({ rules: [] });
    expect(parseRoleMap("cn=x,ou=y=ADMIN")).toEqual({ error: 'entry 1 "cn=x" must be <claim value>=<ADMIN|ORGANIZER|CLINICIAN>' });
    expect(parseRoleMap("a=ADMIN,a=CLINICIAN")).toEqual({ error: 'entry 2: "a" is mapped twice' });
    expect(parseRoleMap("=ADMIN")).toHaveProperty("error");
  });
});

describe("the SSO sign-in decision", () => {
  const verified = { sub: "s1", email: "Ana@Hospital.org", email_verified: true, groups: ["ca-organizers"] };
  const base: SsoFacts = { claims: verified, byLink: null, byEmail: null, allowProvisioning: false, roleClaim: "groups", roleMap: rules };

  it("signs a linked account in, whatever the email says now", () => {
    expect(decideSsoSignIn({ ...base, claims: { sub: "s1" }, byLink: { id: "u1", active: true, linkedSubject: "s1" } })).toEqual({
      kind: "sign-in",
      userId: "u1",
      link: false,
    });
  });
  it("keeps a deactivated account out, linked or not", () => {
    expect(decideSsoSignIn({ ...base, byLink: { id: "u1", active: false, linkedSubject: "s1" } })).toEqual({
      kind: "refuse",
      reason: "deactivated",
    });
    expect(decideSsoSignIn({ ...base, byEmail: { id: "u1", active: false, linkedSubject: null } })).toEqual({
      kind: "refuse",
      reason: "deactivated",
    });
  });
  it("links an existing account by verified email only", () => {
    const byEmail = { id: "u1", active: true, linkedSubject: null };
    expect(decideSsoSignIn({ ...base, byEmail })).toEqual({ kind: "sign-in", userId: "u1", link: true });
    for (const email_verified of [false, "false", undefined, 1, "yes"]) {
      expect(decideSsoSignIn({ ...base, claims: { ...verified, email_verified }, byEmail })).toEqual({
        kind: "refuse",
        reason: "unverified",
      });
    }
    expect(decideSsoSignIn({ ...base, claims: { ...verified, email_verified: "true" }, byEmail })).toEqual({
      kind: "sign-in",
      userId: "u1",
      link: true,
    });
  });
  it("does not let a second identity take over a linked account by email", () => {
    expect(decideSsoSignIn({ ...base, byEmail: { id: "u1", active: true, linkedSubject: "other" } })).toEqual({
      kind: "refuse",
      reason: "linked-elsewhere",
    });
  });
  it("refuses an identity without a usable email", () => {
    expect(decideSsoSignIn({ ...base, claims: { sub: "s1", email_verified: true } })).toEqual({ kind: "refuse", reason: "no-email" });
    expect(decideSsoSignIn({ ...base, claims: { sub: "s1", email: "a b@x", email_verified: true } })).toEqual({
      kind: "refuse",
      reason: "no-email",
    });
  });
  it("creates unknown users only when the admin allows it, with the mapped role", () => {
    expect(decideSsoSignIn(base)).toEqual({ kind: "refuse", reason: "unknown" });
    expect(decideSsoSignIn({ ...base, allowProvisioning: true })).toEqual({
      kind: "provision",
      email: "ana@hospital.org",
      role: "ORGANIZER",
    });
    expect(decideSsoSignIn({ ...base, allowProvisioning: true, claims: { ...verified, groups: [] } })).toEqual({
      kind: "provision",
      email: "ana@hospital.org",
      role: "CLINICIAN",
    });
    expect(decideSsoSignIn({ ...base, allowProvisioning: true, claims: { ...verified, email_verified: false } })).toEqual({
      kind: "refuse",
      reason: "unverified",
    });
  });
  it("never hands an existing account the IdP's role", () => {
    const d = decideSsoSignIn({
      ...base,
      allowProvisioning: true,
      claims: { ...verified, groups: ["ca-admins"] },
      byEmail: { id: "u1", active: true, linkedSubject: null },
    });
    expect(d).toEqual({ kind: "sign-in", userId: "u1", link: true });
  });
});

describe("password sign-in", () => {
  it("is off only when SSO works and an active admin can use it", () => {
    expect(passwordSignInOpen({ ssoConfigured: true, passwordSignIn: false, activeSsoAdmins: 1 })).toBe(false);
    expect(passwordSignInOpen({ ssoConfigured: true, passwordSignIn: true, activeSsoAdmins: 1 })).toBe(true);
    expect(passwordSignInOpen({ ssoConfigured: false, passwordSignIn: false, activeSsoAdmins: 1 })).toBe(true);
    expect(passwordSignInOpen({ ssoConfigured: true, passwordSignIn: false, activeSsoAdmins: 0 })).toBe(true);
  });
});
