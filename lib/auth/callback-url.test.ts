import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redirectOnSite, safeCallbackPath, sameSitePath } from "./callback-url";

const site = "http://localhost:3000";
const EVIL = "evil.example";

// Known open-redirect payloads (OWASP's cheat sheet, PayloadsAllTheThings' "Open Redirect"
// list, and the five from issue 16), each aimed at EVIL. Written out here, not fetched.
const PAYLOADS = [
  `/.//${EVIL}/x`,
  `/..//${EVIL}/x`,
  `/x/..//${EVIL}/x`,
  `/%2e//${EVIL}/x`,
  `${site}//${EVIL}`,
  `//${EVIL}`,
  `///${EVIL}`,
  `////${EVIL}`,
  `/\\${EVIL}`,
  `\\\\${EVIL}`,
  `/\\/${EVIL}`,
  `\\/${EVIL}`,
  `https://${EVIL}`,
  `http://${EVIL}`,
  `HTTPS://${EVIL}`,
  `//${EVIL}/%2f..`,
  `/%2f${EVIL}`,
  `/%2F%2F${EVIL}`,
  `/%5c${EVIL}`,
  `/%5C%5C${EVIL}`,
  `/%09/${EVIL}`,
  `/\t/${EVIL}`,
  `/\n/${EVIL}`,
  `/\r//${EVIL}`,
  ` //${EVIL}`,
  `/ /${EVIL}`,
  `/\u0000/${EVIL}`,
  `/%00//${EVIL}`,
  `/%0a//${EVIL}`,
  `/%2e%2e//${EVIL}`,
  `/.%2e//${EVIL}`,
  `/%252e//${EVIL}`.replace("%25", "%"),
  `${site}@${EVIL}`,
  `${site}.${EVIL}/`,
  `http://localhost:3000@${EVIL}/`,
  `http://${EVIL}\\@localhost:3000/`,
  `http://localhost:3000\\@${EVIL}/`,
  `http:${EVIL}`,
  `http:/${EVIL}`,
  `http:\\\\${EVIL}`,
  `https:${EVIL}`,
  `javascript:alert(1)`,
  `JavaScript:alert(1)`,
  `java\tscript:alert(1)`,
  `data:text/html,<script>alert(1)</script>`,
  `vbscript:msgbox(1)`,
  `//${EVIL}@localhost:3000`,
  `/\u3002${EVIL}`,
  `//${EVIL}\u3002com`,
  `/\u2025/${EVIL}`,
  `\u2028//${EVIL}`,
  `/\u00a0//${EVIL}`,
  `/\ufeff//${EVIL}`,
  `http://localhost:3000.${EVIL}`,
  `http://localhost:3001/`,
  `https://localhost:3000/`,
  `http://127.0.0.1:3000/`,
  `//localhost:3000@${EVIL}`,
  `/././/${EVIL}`,
  `/a/b/../..//${EVIL}`,
  `/x/./..//${EVIL}`,
  `/review/..//${EVIL}`,
  `/.//${EVIL}`,
  `/..;//${EVIL}`,
  `/..\\/${EVIL}`,
  `/%2e%2e%2f${EVIL}`,
  `/review?x=1#//${EVIL}`,
];

/** Wherever a browser would end up from this site given `path`: it must be this site. */
function landsOnSite(path: string): boolean {
  return new URL(path, `${site}/some/page`).origin === site && path.startsWith("/") && !/^\/[/\\]/.test(path);
}

describe("sameSitePath", () => {
  it("keeps same-site paths and absolute same-origin URLs", () => {
    expect(safeCallbackPath("/admin/users?page=2", site)).toBe("/admin/users?page=2");
    expect(safeCallbackPath("http://localhost:3000/review", site)).toBe("/review");
    expect(safeCallbackPath("/review/abc-123?from=queue&x=%20y", site)).toBe("/review/abc-123?from=queue&x=%20y");
    expect(safeCallbackPath(["/audits", "/other"], site)).toBe("/audits");
  });

  it("drops other origins, protocol-relative URLs and the login page", () => {
    expect(safeCallbackPath("https://evil.example/x", site)).toBeUndefined();
    expect(safeCallbackPath("//evil.example/x", site)).toBeUndefined();
    expect(safeCallbackPath("/login?x=1", site)).toBeUndefined();
    expect(safeCallbackPath("/login", site)).toBeUndefined();
    expect(safeCallbackPath(undefined, site)).toBeUndefined();
    expect(safeCallbackPath("", site)).toBeUndefined();
    expect(safeCallbackPath(`/${"a".repeat(3000)}`, site)).toBeUndefined();
  });

  it.each(PAYLOADS)("refuses the open-redirect payload %j", (payload) => {
    expect(sameSitePath(payload, site)).toBeUndefined();
    expect(redirectOnSite(payload, site)).toBe(site);
  });

  it("never returns a path that leaves the site, for the corpus wrapped in random noise", () => {
    const noise = fc.string({
      unit: fc.constantFrom("/", "\\", ".", "%2e", "%2f", "%5c", "\t", "@", ":", "a", "?", "#", " ", "%"),
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.constantFrom(...PAYLOADS), noise, noise, (payload, before, after) => {
        for (const candidate of [`${before}${payload}${after}`, `/${before}${payload}`, `${site}/${before}${payload}`]) {
          const path = sameSitePath(candidate, site);
          if (path === undefined) continue;
          if (!landsOnSite(path)) return false;
          // A result is a fixed point: parsing it again changes nothing.
          if (sameSitePath(path, site) !== path) return false;
        }
        return true;
      }),
      { numRuns: 3000 },
    );
  });

  it("never returns a path that leaves the site, for any string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const path = sameSitePath(value, site);
        return path === undefined || landsOnSite(path);
      }),
      { numRuns: 5000 },
    );
  });

  it("accepts every canonical path made of plain segments and queries, unchanged", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,11}$/).filter((s) => s !== "." && s !== "..");
    const query = fc.option(fc.stringMatching(/^[a-z]{1,5}=[A-Za-z0-9]{0,8}$/), { nil: undefined });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), query, (segments, q) => {
        const path = `/${segments.join("/")}${q ? `?${q}` : ""}`;
        return sameSitePath(path, site) === path && redirectOnSite(path, site) === `${site}${path}`;
      }),
    );
  });
});
