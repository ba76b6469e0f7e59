import { describe, expect, it } from "vitest";
import { isCrossOrigin } from "./route";

const req = (headers: Record<string, string>) => new Request("http://localhost:3000/api/x", { method: "POST", headers });

describe("isCrossOrigin", () => {
  it("accepts same-site and origin-less requests", () => {
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "http://localhost:3000" }), false)).toBe(false);
    expect(isCrossOrigin(req({ host: "localhost:3000" }), false)).toBe(false);
  });
  it("refuses another site and malformed origins", () => {
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "https://evil.example" }), false)).toBe(true);
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "null" }), false)).toBe(true);
  });
  it("believes X-Forwarded-Host only behind a trusted proxy (issue 16, finding 6)", () => {
    const spoofed = req({ host: "localhost:3000", origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(isCrossOrigin(spoofed, false)).toBe(true);
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "http://localhost:3000", "x-forwarded-host": "evil.example" }), false)).toBe(false);
    // Behind the proxy: the public host it recorded (its own, last entry) is the site.
    const proxied = req({ host: "app:3000", origin: "https://clinaudit.example", "x-forwarded-host": "clinaudit.example" });
    expect(isCrossOrigin(proxied, true)).toBe(false);
    expect(isCrossOrigin(proxied, false)).toBe(true);
    expect(isCrossOrigin(req({ host: "app:3000", origin: "https://evil.example", "x-forwarded-host": "evil.example, clinaudit.example" }), true)).toBe(true);
  });
});
