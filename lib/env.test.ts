import { describe, expect, it } from "vitest";
import path from "node:path";
import { databaseUrl, loadEnv, oidcConfig } from "./env";

describe("loadEnv", () => {
  it("defaults to the embedded SQLite database and demo off", () => {
    const env = loadEnv({});
    expect(databaseUrl(env)).toBe(`file:${path.resolve("data/clinaudit.db")}`);
    expect(env.CLINAUDIT_DEMO).toBe(false);
    expect(env.NEXTAUTH_URL).toBe("http://localhost:3000");
  });
  it("reads flags", () => {
    expect(loadEnv({ CLINAUDIT_DEMO: "1" }).CLINAUDIT_DEMO).toBe(true);
    expect(loadEnv({ CLINAUDIT_DEMO: "false" }).CLINAUDIT_DEMO).toBe(false);
  });
  it("reads the upload cap as a size, 2 GiB by default", () => {
    expect(loadEnv({}).CLINAUDIT_MAX_UPLOAD).toBe(2 * 1024 ** 3);
    expect(loadEnv({ CLINAUDIT_MAX_UPLOAD: "500 MB" }).CLINAUDIT_MAX_UPLOAD).toBe(500_000_000);
    expect(loadEnv({ CLINAUDIT_MAX_UPLOAD: "1.5GiB" }).CLINAUDIT_MAX_UPLOAD).toBe(1.5 * 1024 ** 3);
    expect(loadEnv({ CLINAUDIT_MAX_UPLOAD: "1048576" }).CLINAUDIT_MAX_UPLOAD).toBe(1048576);
    for (const bad of ["", "lots", "2 parsecs", "-5MB", "100"])
      expect(() => loadEnv({ CLINAUDIT_MAX_UPLOAD: bad })).toThrow(/CLINAUDIT_MAX_UPLOAD/);
  });
  it("reads the decompression caps, unset by default (reader-limits.ts has the defaults)", () => {
    expect([loadEnv({}).CLINAUDIT_MAX_UNPACKED, loadEnv({}).CLINAUDIT_MAX_UNPACK_RATIO]).toEqual([undefined, undefined]);
    expect(loadEnv({ CLINAUDIT_MAX_UNPACKED: "16GiB", CLINAUDIT_MAX_UNPACK_RATIO: "50" })).toMatchObject({
      CLINAUDIT_MAX_UNPACKED: 16 * 1024 ** 3,
      CLINAUDIT_MAX_UNPACK_RATIO: 50,
    });
    expect(() => loadEnv({ CLINAUDIT_MAX_UNPACKED: "1KB" })).toThrow(/CLINAUDIT_MAX_UNPACKED/);
    expect(() => loadEnv({ CLINAUDIT_MAX_UNPACK_RATIO: "1" })).toThrow(/CLINAUDIT_MAX_UNPACK_RATIO/);
  });
  it("reads the import thread's heap cap in MB (320 by default, at least 64)", () => {
    expect([loadEnv({}).CLINAUDIT_IMPORT_HEAP_MB, loadEnv({ CLINAUDIT_IMPORT_HEAP_MB: "384" }).CLINAUDIT_IMPORT_HEAP_MB]).toEqual([
      320, 384,
    ]);
    for (const bad of ["32", "1.5", "1GiB"]) expect(() => loadEnv({ CLINAUDIT_IMPORT_HEAP_MB: bad })).toThrow(/CLINAUDIT_IMPORT_HEAP_MB/);
  });
  it("reads the threads' nice value (10 by default, 0 to 19)", () => {
    expect([loadEnv({}).CLINAUDIT_THREAD_NICE, loadEnv({ CLINAUDIT_THREAD_NICE: "0" }).CLINAUDIT_THREAD_NICE]).toEqual([10, 0]);
    for (const bad of ["-1", "20", "2.5", "low"]) expect(() => loadEnv({ CLINAUDIT_THREAD_NICE: bad })).toThrow(/CLINAUDIT_THREAD_NICE/);
  });
  it("reads the heaps' growth past a full collection (25 % by default, 0 for V8's own, whole percents)", () => {
    const growth = (v?: string) => loadEnv(v === undefined ? {} : { CLINAUDIT_HEAP_GROWTH_PERCENT: v }).CLINAUDIT_HEAP_GROWTH_PERCENT;
    expect([growth(), growth("0"), growth("50")]).toEqual([25, 0, 50]);
    for (const bad of ["-1", "401", "2.5", "half"]) expect(() => growth(bad)).toThrow(/CLINAUDIT_HEAP_GROWTH_PERCENT/);
  });
  it("reads the heaps' semi-space in MB (4 by default, 0 for V8's own, whole MB)", () => {
    const semi = (v?: string) => loadEnv(v === undefined ? {} : { CLINAUDIT_SEMI_SPACE_MB: v }).CLINAUDIT_SEMI_SPACE_MB;
    expect([semi(), semi("0"), semi("16")]).toEqual([4, 0, 16]);
    for (const bad of ["-1", "257", "2.5", "small"]) expect(() => semi(bad)).toThrow(/CLINAUDIT_SEMI_SPACE_MB/);
  });
  it("reads the access log's retention in days (400 by default, a whole number of at least 1)", () => {
    expect([loadEnv({}).CLINAUDIT_ACCESS_LOG_DAYS, loadEnv({ CLINAUDIT_ACCESS_LOG_DAYS: "2190" }).CLINAUDIT_ACCESS_LOG_DAYS]).toEqual([
      400, 2190,
    ]);
    for (const bad of ["0", "-3", "1.5", "forever"])
      expect(() => loadEnv({ CLINAUDIT_ACCESS_LOG_DAYS: bad })).toThrow(/CLINAUDIT_ACCESS_LOG_DAYS/);
  });
  it("names every invalid variable", () => {
    expect(() => loadEnv({ DATABASE_URL: "mysql://x", NEXTAUTH_SECRET: "short", CLINAUDIT_ADMIN_EMAIL: "nope" })).toThrow(
      /DATABASE_URL[\s\S]*NEXTAUTH_SECRET[\s\S]*CLINAUDIT_ADMIN_EMAIL/,
    );
  });
});

describe("single sign-on settings", () => {
  const full = {
    CLINAUDIT_OIDC_ISSUER: "https://idp.example.org/realms/h/",
    CLINAUDIT_OIDC_CLIENT_ID: "clinaudit",
    CLINAUDIT_OIDC_CLIENT_SECRET: "s3cret",
  };
  it("is off unless configured", () => {
    expect(oidcConfig(loadEnv({}))).toBeNull();
  });
  it("reads the provider with defaults", () => {
    expect(oidcConfig(loadEnv(full))).toEqual({
      issuer: "https://idp.example.org/realms/h",
      clientId: "clinaudit",
      clientSecret: "s3cret",
      scopes: "openid email profile",
      name: "single sign-on",
      roleClaim: "groups",
      roleMap: [],
    });
  });
  it("reads the role mapping", () => {
    const e = loadEnv({ ...full, CLINAUDIT_OIDC_ROLE_MAP: "ca-admins=ADMIN, ca-org=organizer" });
    expect(e.CLINAUDIT_OIDC_ROLE_MAP).toEqual([
      { value: "ca-admins", role: "ADMIN" },
      { value: "ca-org", role: "ORGANIZER" },
    ]);
  });
  it("names what is missing or wrong", () => {
    expect(() => loadEnv({ CLINAUDIT_OIDC_ISSUER: full.CLINAUDIT_OIDC_ISSUER })).toThrow(
      /CLINAUDIT_OIDC_CLIENT_ID[\s\S]*CLINAUDIT_OIDC_CLIENT_SECRET/,
    );
    expect(() => loadEnv({ ...full, CLINAUDIT_OIDC_ISSUER: "not a url" })).toThrow(/CLINAUDIT_OIDC_ISSUER/);
    expect(() => loadEnv({ ...full, CLINAUDIT_OIDC_SCOPES: "email profile" })).toThrow(/CLINAUDIT_OIDC_SCOPES: must include openid/);
    expect(() => loadEnv({ ...full, CLINAUDIT_OIDC_ROLE_MAP: "ca-admins=BOSS" })).toThrow(
      /CLINAUDIT_OIDC_ROLE_MAP: entry 1 "ca-admins=BOSS"/,
    );
  });
});
