// The dashboard in parts (lib/reports/dashboard-view.ts): the organizer moves between the summary,
// the raters, the chapters and levels and the items by keyboard; each part sends only its figures;
// "Print / save as PDF" from a part prints every part.
import { expect, test } from "@playwright/test";
import { signInAs } from "./support/users";

const DEMO_AUDIT = "Demo audit: gold answers, round 1";
const GOLD = "Gold-answer correctness";

test("the dashboard's parts, by keyboard, and a print of every part", async ({ page }) => {
  // Counts the print dialogs the page asks for instead of opening one.
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed++;
    };
  });
  await signInAs(page, "organizer");
  await page.getByRole("link", { name: DEMO_AUDIT }).click();
  await page
    .getByRole("link", { name: /dashboard/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const views = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(views.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  const heading = (text: string) => page.getByRole("heading", { name: `${text}: ${GOLD}`, exact: true });

  // The summary: the numbers for the paper, and none of the other parts' figures.
  await expect(heading("Majority vote")).toBeVisible();
  await expect(heading("Agreement coefficients")).toBeVisible();
  await expect(page.getByTestId("audit-paragraph")).toBeVisible();
  await expect(heading("Cohen's kappa by rater pair")).toHaveCount(0);
  await expect(heading("Items without full agreement")).toHaveCount(0);

  // To the raters' part by keyboard: the views are links, Tab moves along them.
  await views.getByRole("link", { name: "Summary" }).focus();
  await page.keyboard.press("Tab");
  await expect(views.getByRole("link", { name: "Raters" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\?view=raters$/);
  await expect(views.getByRole("link", { name: "Raters" })).toHaveAttribute("aria-current", "page");
  await expect(heading("Cohen's kappa by rater pair")).toBeVisible();
  await expect(heading("Categories used by each rater")).toBeVisible();
  await expect(heading("Majority vote")).toHaveCount(0);
  await expect(page.getByTestId("audit-paragraph")).toHaveCount(0);

  await views.getByRole("link", { name: "Chapters and levels" }).click();
  await expect(page).toHaveURL(/view=subgroups$/);
  await expect(heading("Agreement by chapter")).toBeVisible();
  await expect(heading("Agreement by level")).toBeVisible();
  await expect(heading("Cohen's kappa by rater pair")).toHaveCount(0);

  await views.getByRole("link", { name: "Items" }).click();
  await expect(page).toHaveURL(/view=items$/);
  await expect(heading("Items without full agreement")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comments", exact: true })).toBeVisible();
  await expect(heading("Agreement by chapter")).toHaveCount(0);

  // The print from one part opens every part and asks for the dialog once, leaving a clean address.
  await page.getByRole("button", { name: "Print / save as PDF" }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=all$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  for (const part of ["Majority vote", "Cohen's kappa by rater pair", "Agreement by chapter", "Items without full agreement"]) {
    await expect(heading(part)).toBeVisible();
  }
  await expect(views.getByRole("link", { name: "Everything" })).toHaveAttribute("aria-current", "page");
  // On every part, the button prints the page itself.
  await page.getByRole("button", { name: "Print / save as PDF" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);
  await expect(page).toHaveURL(/\/dashboard\?view=all$/);

  // In Chinese, the parts' names too.
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.getByRole("navigation", { name: "分析页面分区" }).getByRole("link", { name: "全部" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByTestId("locale-switcher").selectOption("en");
});
