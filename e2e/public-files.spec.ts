import { expect, test } from "@playwright/test";

// public/: reachable without signing in (crawlers and browsers fetch them before any session).
test("robots.txt forbids indexing, and the manifest and icon are served to a stranger", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/User-agent: \*\s+Disallow: \/\s*$/m);

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(JSON.parse(await manifest.text())).toMatchObject({ name: "ClinAudit", icons: [{ src: "/icon.svg" }] });

  const icon = await request.get("/icon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  // Kept by the browser: without a max-age it was asked for again on every `n` of a rater's queue.
  expect(icon.headers()["cache-control"]).toMatch(/max-age=([1-9]\d*)/);
});

test("every page tells robots not to index it", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
});
