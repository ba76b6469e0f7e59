// The dashboard in parts (lib/reports/dashboard-view.ts): the organizer moves between the summary,
// agreement over time, the raters, the chapters and levels and the items, by keyboard; each part sends only its figures;
// "Print / save as PDF" from a part prints every part.
import { expect, test } from "@playwright/test";
import { openDemoDashboard } from "./support/audits";

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
  await openDemoDashboard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const views = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(views.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  // A part's figure or table by its title: a chart's heading, or a table's caption (its title, then a note).
  const titled = (text: string) => {
    const title = `${text}: ${GOLD}`;
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return page.getByRole("heading", { name: title, exact: true }).or(page.getByRole("table", { name: new RegExp(`^${escaped}`) }));
  };

  // The summary: the numbers for the paper, and none of the other parts' figures.
  await expect(titled("Majority vote").first()).toBeVisible();
  await expect(titled("Agreement coefficients").first()).toBeVisible();
  await expect(page.getByTestId("audit-paragraph")).toBeVisible();
  await expect(titled("Cohen's kappa by rater pair")).toHaveCount(0);
  await expect(titled("Items without full agreement")).toHaveCount(0);

  // To agreement over time by keyboard: the views are links, Tab moves along them.
  await views.getByRole("link", { name: "Summary" }).focus();
  await page.keyboard.press("Tab");
  await expect(views.getByRole("link", { name: "Over time" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\?view=over-time$/);
  await expect(titled("Agreement over time").first()).toBeVisible();
  await expect(titled("Majority vote")).toHaveCount(0);
  await expect(titled("Cohen's kappa by rater pair")).toHaveCount(0);

  await views.getByRole("link", { name: "Raters" }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=raters$/);
  await expect(views.getByRole("link", { name: "Raters" })).toHaveAttribute("aria-current", "page");
  await expect(titled("Cohen's kappa by rater pair").first()).toBeVisible();
  await expect(titled("Categories used by each rater").first()).toBeVisible();
  await expect(titled("Agreement over time")).toHaveCount(0);
  await expect(titled("Majority vote")).toHaveCount(0);
  await expect(page.getByTestId("audit-paragraph")).toHaveCount(0);

  await views.getByRole("link", { name: "Chapters and levels" }).click();
  await expect(page).toHaveURL(/view=subgroups$/);
  await expect(titled("Agreement by chapter").first()).toBeVisible();
  await expect(titled("Agreement by level").first()).toBeVisible();
  await expect(titled("Cohen's kappa by rater pair")).toHaveCount(0);

  await views.getByRole("link", { name: "Items" }).click();
  await expect(page).toHaveURL(/view=items$/);
  await expect(titled("Items without full agreement").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comments", exact: true })).toBeVisible();
  await expect(titled("Agreement by chapter")).toHaveCount(0);

  // The print from one part opens every part and asks for the dialog once, leaving a clean address.
  await page.getByRole("button", { name: "Print / save as PDF" }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=all$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  for (const part of [
    "Majority vote",
    "Agreement over time",
    "Cohen's kappa by rater pair",
    "Agreement by chapter",
    "Items without full agreement",
  ]) {
    await expect(titled(part).first()).toBeVisible();
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
