import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./csp";

describe("content security policy", () => {
  it("allows scripts only by nonce in production", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123==", dev: false });
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("adds eval for development only", () => {
    expect(contentSecurityPolicy({ nonce: "n", dev: true })).toContain("'unsafe-eval'");
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(atob(n)).toHaveLength(16);
  });
});
