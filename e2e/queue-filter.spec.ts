import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { OBGYN, signIn, waitForShortcuts } from "./support/users";

// Issue 35: a rater filters their own queue (to do / flagged / commented / chapter / patient) and
// revisits their answers under "My ratings", all by keyboard; the filter lives in the URL and
// survives a reload; another rater's queue shows none of it. QUEUE_SHOTS=<dir> saves the queue at
// 1280×800 and 1366×768 in English and Chinese.
const AUDIT = `E2E queue filter ${Date.now()}`;
const SHOTS = process.env.QUEUE_SHOTS;

test.describe.configure({ mode: "serial" });

const section = (page: Page) => page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
const rows = (page: Page) => section(page).locator("tbody tr", { has: page.locator("a[href^='/review/']") });
let flagged = "";

test("setup: an open audit of six items for clinicians 1 and 2", async ({ browser }) => {
  await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 6, seed: "queue-filter-e2e", clinicians: [1, 2] });
});

test("clinician 1 rates and flags one item by keyboard, then filters the queue by keyboard", async ({ browser }) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  await expect(rows(page)).toHaveCount(6);
  flagged = (await rows(page).first().locator("a").textContent())!.trim();
  await section(page)
    .getByRole("link", { name: /Next unrated/ })
    .click();
  await waitForShortcuts(page);
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await page.keyboard.press("f");
  await expect(page.getByTestId("flag-toggle")).toHaveAttribute("aria-pressed", "true");
  await waitUntilSaved(page);
  await page.goto("/review");

  // Tab to "Show", pick "Flagged" by typing, Tab to Apply, Enter.
  const show = section(page).getByLabel("Show");
  await show.focus();
  await page.keyboard.type("Fl");
  await expect(show).toHaveValue("flagged");
  await section(page).getByLabel("Patient").focus();
  await page.keyboard.press("Tab");
  await expect(section(page).getByRole("button", { name: "Apply" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(/show_[^=]+=flagged/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(flagged);
  await expect(section(page).getByRole("status")).toHaveText(/1 of 6 items shown/);

  // The filter is in the URL: a reload keeps it.
  await page.reload();
  await expect(section(page).getByLabel("Show")).toHaveValue("flagged");
  await expect(rows(page)).toHaveCount(1);

  // To do: the five not rated; a patient that is no one's: none, said so.
  await section(page).getByLabel("Show").focus();
  await page.keyboard.type("To");
  await page.keyboard.press("Tab");
  if (await section(page).getByLabel("Chapter").isVisible()) await page.keyboard.press("Tab");
  await page.keyboard.type("NO-SUCH-PATIENT");
  await page.keyboard.press("Enter");
  await expect(section(page).getByText("No items match this filter.")).toBeVisible();
  await section(page).getByLabel("Patient").fill("");
  await section(page).getByLabel("Patient").press("Enter");
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).filter({ hasText: flagged })).toHaveCount(0);

  // My ratings: the answer given, and a way back to change it while the audit is open.
  await section(page).getByRole("link", { name: "My ratings" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/show_[^=]+=rated/);
  await expect(section(page).getByLabel("Show")).toHaveValue("rated");
  await expect(rows(page)).toHaveCount(1);
  const answers = rows(page).first();
  await expect(answers).toContainText("Gold-answer correctness: Correct");
  await answers.getByRole("link", { name: flagged }).focus();
  await page.keyboard.press("Enter");
  await waitForShortcuts(page);
  await page.keyboard.press("2");
  await waitUntilSaved(page);
  await page.goto(page.url().replace(/\/review\/.*/, "/review"));
  await section(page).getByRole("link", { name: "My ratings" }).click();
  await expect(rows(page).first()).toContainText("Gold-answer correctness: Incorrect");
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    const rated = page.url();
    for (const lang of ["en", "zh-CN"] as const) {
      if (lang !== "en") {
        await page.getByTestId("locale-switcher").selectOption(lang);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await page.goto(rated);
        await expect(section(page).getByLabel("显示")).toHaveValue("rated");
      }
      for (const [w, h] of [
        [1280, 800],
        [1366, 768],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: `${SHOTS}/queue-${lang}-${w}.png` });
      }
    }
    await page.getByTestId("locale-switcher").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  await page.context().close();
});

test("clinician 2's queue shows none of clinician 1's flags, comments or answers", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician2@demo.clinaudit", "demo-clinician-2026");
  const id = await section(page)
    .getByTestId(/queue-filter-/)
    .getAttribute("data-testid");
  const audit = id!.replace("queue-filter-", "");
  await page.goto(`/review?show_${audit}=flagged`);
  await expect(section(page).getByText("No items match this filter.")).toBeVisible();
  await page.goto(`/review?show_${audit}=rated`);
  await expect(section(page).getByText("No items match this filter.")).toBeVisible();
  await expect(section(page)).not.toContainText("Gold-answer correctness:");
  await page.context().close();
});
