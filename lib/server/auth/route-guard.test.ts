import { describe, expect, it } from "vitest";
import { isCrossOrigin } from "./route-guard";

const req = (headers: Record<string, string>) => new Request("http://localhost:3000/api/x", { method: "POST", headers });

describe("isCrossOrigin", () => {
  it("accepts same-site and origin-less requests", () => {
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossOrigin(req({ host: "localhost:3000" }))).toBe(false);
  });
  it("refuses another site and malformed origins", () => {
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "https://evil.example" }))).toBe(true);
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "null" }))).toBe(true);
  });
});
