import { expect, test } from "@playwright/test";
import { DEMO_AUDIT, newPage, openDemoDashboard } from "./support/audits";
import { signInAs, waitForShortcuts } from "./support/users";

// The organizer watches an open audit's dashboard; a clinician rates an item elsewhere; the
// figures on the organizer's screen change by themselves, without a reload.
test("an open audit's dashboard updates itself when a rating arrives", async ({ browser }) => {
  const organizer = await newPage(browser);
  await openDemoDashboard(organizer);
  const status = organizer.getByTestId("live-status");
  await expect(status).toContainText("Live: figures as of");
  const before = await status.getAttribute("data-version");
  const summary = organizer.getByText(/reviews complete/).first();
  const summaryBefore = await summary.textContent();
  // A marker that a reload would wipe.
  await organizer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const clinician = await newPage(browser);
  await signInAs(clinician, "clinician");
  await clinician
    .locator("section", { has: clinician.getByRole("heading", { name: DEMO_AUDIT }) })
    .getByRole("link", { name: /Next unrated/ })
    .click();
  await waitForShortcuts(clinician);
  await clinician.keyboard.press("1");
  await clinician.keyboard.press("1");
  await expect(clinician.getByText(/Saved \d/).first()).toBeVisible();

  // Polled every 10 s: within 15 s the new figures are on screen.
  await expect(status).not.toHaveAttribute("data-version", before ?? "", { timeout: 15_000 });
  await expect(summary).not.toHaveText(summaryBefore ?? "");
  expect(await organizer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
