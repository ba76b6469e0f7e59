import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const h = await hashPassword("correct horse battery");
    expect(h.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(h, "correct horse battery")).toBe(true);
    expect(await verifyPassword(h, "correct horse batterY")).toBe(false);
  });
  it("treats a malformed hash as a failed check, not a crash", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
  it("generates long, distinct passwords", () => {
    const a = generatePassword();
    expect(a).toMatch(/^([A-Za-z2-9]{4}-){3}[A-Za-z2-9]{4}$/);
    expect(a.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect(generatePassword()).not.toBe(a);
  });
});
