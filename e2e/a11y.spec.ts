import { expect, test } from "@playwright/test";
import { checkA11y as check } from "./support/axe";
import { signInAs } from "./support/users";

// Every page passes axe-core with no serious or critical violation (WCAG 2.1 A/AA rules).
test("sign-in page", async ({ page }) => {
  await page.goto("/login");
  await check(page, "/login");
});

test("clinician pages: queue and case screen", async ({ page }) => {
  await signInAs(page, "clinician");
  await check(page, "/review");
  await page.locator("section", { hasText: "Demo audit" }).locator("table a[href^='/review/']").first().click();
  await expect(page).toHaveURL(/\/review\/.+/);
  await page.locator("section[data-keys-ready]").waitFor();
  await check(page, "case screen");
});

test("organizer pages: audits, audit, new audit, dashboard, adjudication, datasets, items", async ({ page }) => {
  test.setTimeout(120_000); // ten pages through axe: ~40 s on a quiet machine
  await signInAs(page, "organizer");
  await check(page, "/audits");
  await page.getByRole("link", { name: /Demo audit/ }).click();
  await expect(page).toHaveURL(/\/audits\/[^/]+$/);
  const audit = new URL(page.url()).pathname;
  await check(page, "audit page");
  await page.goto(`${audit}/dashboard`);
  await check(page, "dashboard");
  // Every part of the dashboard on one page (its print view).
  await page.goto(`${audit}/dashboard?view=all`);
  await check(page, "dashboard, every part");
  await page.goto(`${audit}/adjudicate`);
  await check(page, "adjudication list");
  await page.getByTestId("adjudication-queue").locator("a").first().click();
  await expect(page).toHaveURL(/\/adjudicate\/.+/);
  await check(page, "adjudication of one item");
  await page.goto("/audits/new");
  await page.getByLabel("Sample size").fill("5");
  await page.getByRole("button", { name: "Draw sample" }).click();
  await page.getByTestId("sample-summary").waitFor();
  await check(page, "new audit with a drawn sample");
  await page.goto("/datasets");
  await check(page, "/datasets");
  for (const name of [/ObGyn decision points/, /Discharge-summary/]) {
    await page.goto("/datasets");
    await page.getByRole("link", { name }).first().click();
    await expect(page).toHaveURL(/\/datasets\/[^/]+$/);
    await check(page, `dataset ${name}`);
    await page.locator("table a[href*='/items/']").first().click();
    await expect(page).toHaveURL(/\/items\//);
    await check(page, `item of ${name}`);
  }
});

test("organizer pages: evaluations and an evaluation report", async ({ page }) => {
  await signInAs(page, "organizer");
  await page.goto("/evaluations");
  await check(page, "/evaluations");
  for (const dataset of [/ObGyn decision points/, /Discharge-summary/]) {
    await page.goto("/evaluations");
    await page.getByRole("row", { name: dataset }).getByRole("link", { name: "Synthetic models (demo)" }).click();
    await expect(page.getByTestId("accuracy-table")).toBeVisible({ timeout: 120_000 });
    await check(page, `evaluation of ${dataset}`);
  }
});

test("admin pages", async ({ page }) => {
  await signInAs(page, "admin");
  await check(page, "/admin/users");
  await page.goto("/admin/audit-trail");
  await check(page, "/admin/audit-trail");
});
