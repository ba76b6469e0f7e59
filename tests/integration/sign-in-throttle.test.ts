// Sign-in throttling against a real database (issue 16, finding 5): a stranger's failures hold
// back the stranger, not the account's owner, and a password reset lifts what they did.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { issueDeviceToken } from "@/lib/auth/device-cookie";
import { LIMITS } from "@/lib/auth/throttle";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { BAD_CREDENTIALS, readSignInError } from "@/lib/auth/sign-in-codes";
import { signIn } from "@/lib/server/auth/sign-in";
import { createUser } from "@/lib/server/users/create-user";
import { resetPassword } from "@/lib/server/users/manage-user";
import { DATABASES, target } from "./databases";

const SECRET = "a-test-secret-of-at-least-32-characters!";
/** Where lib/db keeps the process's client (lib/process-wide.ts): the test puts its own there. */
const DB_KEY = Symbol.for("clinaudit.db");
const globalForDb = globalThis as unknown as { [DB_KEY]?: Db };

/** "ok", "bad" or "throttled" for one attempt. */
async function attempt(email: string, password: string, ip: string | null, deviceCookie?: string) {
  try {
    await signIn({ email, password, ip, deviceCookie, secret: SECRET });
    return "ok";
  } catch (error) {
    const message = (error as Error).message;
    if (message === BAD_CREDENTIALS) return "bad";
    if (readSignInError(message, "").kind === "throttled") return "throttled";
    throw error;
  }
}

describe.each(DATABASES)("sign-in throttling on $name", (database) => {
  afterEach(async () => {
    await globalForDb[DB_KEY]?.$disconnect();
    delete globalForDb[DB_KEY];
  });
  afterAll(() => database.dropAll());

  async function withAccount() {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    globalForDb[DB_KEY] = db;
    const { user, temporaryPassword } = await createUser(db, null, { email: "owner@example.org", name: "Owner", role: "CLINICIAN" });
    return { db, user, email: user.email, password: temporaryPassword! };
  }

  it("a stranger's failures from one address hold back that address for the account, not the owner elsewhere", async () => {
    const { email, password } = await withAccount();
    for (let i = 0; i < LIMITS.pair; i++) expect(await attempt(email, `wrong-${i}`, "203.0.113.5")).toBe("bad");
    expect(await attempt(email, password, "203.0.113.5")).toBe("throttled");
    expect(await attempt(email, password, "198.51.100.20")).toBe("ok");
  });

  it("a distributed attack slows the account for new browsers, but the owner's browser and a password reset get in", async () => {
    const { db, user, email, password } = await withAccount();
    const ownersBrowser = issueDeviceToken(email, SECRET);
    for (let i = 0; i < LIMITS.account; i++) expect(await attempt(email, `guess-${i}`, `192.0.2.${i + 1}`)).toBe("bad");
    // A browser the account has never signed in from must wait, whatever its address.
    expect(await attempt(email, password, "198.51.100.20")).toBe("throttled");
    expect(await attempt(email, password, null)).toBe("throttled");
    // The owner's own browser is judged on its own record.
    expect(await attempt(email, password, "198.51.100.20", ownersBrowser)).toBe("ok");
    // A device cookie for another account, or forged, counts for nothing.
    expect(await attempt(email, password, "198.51.100.20", issueDeviceToken("someone@example.org", SECRET))).toBe("throttled");
    expect(await attempt(email, password, "198.51.100.20", `${ownersBrowser.slice(0, -2)}xx`)).toBe("throttled");
    // An admin's reset lifts the account's back-off: the new password works from anywhere.
    const admin = await createUser(db, null, { email: "admin@example.org", name: "Admin", role: "ADMIN" });
    const fresh = await resetPassword(db, admin.user.id, user.id);
    expect(await attempt(email, fresh, "198.51.100.21")).toBe("ok");
  });

  it("without a trusted proxy (no address) the owner's browser still gets in after a stranger's failures", async () => {
    const { email, password } = await withAccount();
    const ownersBrowser = issueDeviceToken(email, SECRET);
    for (let i = 0; i < LIMITS.account; i++) expect(await attempt(email, `guess-${i}`, null)).toBe("bad");
    expect(await attempt(email, password, null)).toBe("throttled");
    expect(await attempt(email, password, null, ownersBrowser)).toBe("ok");
  });

  it("a browser with a device cookie is itself limited: guessing with it does not escape throttling", async () => {
    const { email, password } = await withAccount();
    const stolen = issueDeviceToken(email, SECRET);
    for (let i = 0; i < LIMITS.device; i++) expect(await attempt(email, `guess-${i}`, null, stolen)).toBe("bad");
    expect(await attempt(email, password, null, stolen)).toBe("throttled");
  });

  it("one address spraying many accounts is held back, for the right password too", async () => {
    await withAccount();
    for (let i = 0; i < LIMITS.address; i++) expect(await attempt(`spray${i}@example.org`, "guess", "203.0.113.77")).toBe("bad");
    expect(await attempt("owner@example.org", "anything-at-all", "203.0.113.77")).toBe("throttled");
  });

  it("emails are normalised and capped before they become keys", async () => {
    const { db, email, password } = await withAccount();
    expect(await attempt(`${"a".repeat(200_000)}@example.org`, "x", "203.0.113.9")).toBe("bad");
    expect(await attempt("  OWNER@Example.ORG ", password, "203.0.113.9")).toBe("ok");
    const keys = (await db.signInAttempt.findMany({ select: { key: true } })).map((r) => r.key);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThan(80);
    // The over-long "email" counted against its address only.
    expect(keys).toEqual(["ip:203.0.113.9"]);
    // Case and spacing do not make a second account key to guess under.
    for (let i = 0; i < LIMITS.pair; i++) await attempt(i % 2 ? email.toUpperCase() : ` ${email}`, "wrong", "203.0.113.10");
    expect(await attempt(email, password, "203.0.113.10")).toBe("throttled");
  });
});
