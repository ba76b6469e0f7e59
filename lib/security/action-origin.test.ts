import { describe, expect, it } from "vitest";
import { isCrossSiteAction } from "./action-origin";

const call = (headers: Record<string, string>) => isCrossSiteAction(new Headers(headers));

describe("isCrossSiteAction", () => {
  it("lets a same-site call through, by Host or by the first forwarded host", () => {
    expect(call({ origin: "http://localhost:3000", host: "localhost:3000" })).toBe(false);
    expect(
      call({ origin: "https://audit.example.org", host: "10.0.0.5:3000", "x-forwarded-host": "audit.example.org, proxy.internal" }),
    ).toBe(false);
    // Without an Origin (hand-made, no browser), as Next does.
    expect(call({ host: "localhost:3000" })).toBe(false);
  });

  it("refuses another site, an opaque origin, a malformed one and a call without a host", () => {
    expect(call({ origin: "https://evil.example", host: "localhost:3000" })).toBe(true);
    expect(call({ origin: "http://localhost:3001", host: "localhost:3000" })).toBe(true);
    expect(call({ origin: "null", host: "localhost:3000" })).toBe(true);
    expect(call({ origin: "not a url", host: "localhost:3000" })).toBe(true);
    expect(call({ origin: "https://audit.example.org", "x-forwarded-host": "other.example.org", host: "audit.example.org" })).toBe(true);
    expect(call({ origin: "https://audit.example.org" })).toBe(true);
  });
});
