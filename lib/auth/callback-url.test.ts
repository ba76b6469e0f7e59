import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

const site = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it("keeps same-site paths and absolute same-origin URLs", () => {
    expect(safeCallbackPath("/admin/users?page=2", site)).toBe("/admin/users?page=2");
    expect(safeCallbackPath("http://localhost:3000/review", site)).toBe("/review");
  });
  it("drops other origins, protocol-relative URLs and the login page", () => {
    expect(safeCallbackPath("https://evil.example/x", site)).toBeUndefined();
    expect(safeCallbackPath("//evil.example/x", site)).toBeUndefined();
    expect(safeCallbackPath("/login?x=1", site)).toBeUndefined();
    expect(safeCallbackPath(undefined, site)).toBeUndefined();
  });
});
