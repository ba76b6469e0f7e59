import { describe, expect, it } from "vitest";
import { hashSecret, newSecret, parseToken, secretMatches, tokenOf } from "./invitation-token";

describe("invitation tokens", () => {
  it("round-trips an id and a fresh secret, and keeps only a hash", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(secret);
    const token = tokenOf("cmabc123def456ghi789jkl0", secret);
    expect(parseToken(token)).toEqual({ id: "cmabc123def456ghi789jkl0", secret });
    const hash = hashSecret(secret);
    expect(hash).not.toContain(secret);
    expect(secretMatches(secret, hash)).toBe(true);
    expect(secretMatches(newSecret(), hash)).toBe(false);
  });

  it("refuses malformed tokens before any lookup", () => {
    for (const bad of [
      undefined,
      42,
      "",
      "nodot",
      "cmabc123def456ghi789jkl0.short",
      `UPPER${"a".repeat(20)}.${"a".repeat(43)}`,
      `${"a".repeat(20)}.${"a".repeat(43)}.x`,
      "x".repeat(500),
    ]) {
      expect(parseToken(bad)).toBeNull();
    }
  });
});
