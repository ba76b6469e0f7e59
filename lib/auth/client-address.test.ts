// X-Forwarded-For is believed only behind a trusted proxy, and then only its last entry (the
// address that proxy saw); a client cannot choose whose address a failed sign-in counts against.
import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("ignores the header when no trusted proxy is configured", () => {
    expect(clientAddress("203.0.113.9", false)).toBeNull();
    expect(clientAddress(undefined, false)).toBeNull();
  });
  it("takes the entry the trusted proxy appended, not what the client sent before it", () => {
    expect(clientAddress("198.51.100.7, 203.0.113.9", true)).toBe("203.0.113.9");
    expect(clientAddress(["198.51.100.7", "203.0.113.9 "], true)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", true)).toBe("203.0.113.9");
    expect(clientAddress(undefined, true)).toBeNull();
    expect(clientAddress(" , ", true)).toBeNull();
  });
});
