import { expect, test } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

const AUDIT = `E2E guidelines ${Date.now()}`;

// The organizer writes guidelines in both languages; the rater meets them at the first case,
// closes them with Esc, reopens them with g; Markdown renders and HTML stays text.
test("guidelines reach the rater at the first case and on demand", async ({ browser }) => {
  const path = await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 2, seed: "e2e-guidelines", clinicians: [1] });
  const organizer = await newPage(browser);
  await signInAs(organizer, "organizer");
  await organizer.goto(path);
  await organizer
    .getByLabel("Guidelines in English")
    .fill("# Gold answer\n- **Correct**: it follows from the record up to the cutoff.\n<script>window.hacked = 1</script>");
  await organizer.getByRole("button", { name: "中文" }).click();
  await organizer.getByLabel("Guidelines in 中文").fill("# 标准答案\n只依据截止时间之前的病历。");
  await organizer.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(organizer.getByTestId("guidelines-preview").getByRole("heading", { name: "标准答案" })).toBeVisible();
  await organizer.getByRole("button", { name: "Save guidelines" }).click();
  await expect(organizer.getByText("Guidelines saved.")).toBeVisible();

  const rater = await newPage(browser);
  await signIn(rater, "clinician1@demo.clinaudit", "demo-clinician-2026");
  await rater
    .locator("section", { has: rater.getByRole("heading", { name: AUDIT }) })
    .getByRole("link", { name: /Next unrated/ })
    .click();
  const dialog = rater.getByTestId("guidelines-dialog");
  await expect(dialog.getByRole("heading", { name: "Gold answer" })).toBeVisible();
  await expect(dialog.locator("strong", { hasText: "Correct" })).toBeVisible();
  await expect(dialog.getByText("<script>window.hacked = 1</script>")).toBeVisible();
  expect(await rater.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  // A digit typed while they are open does not rate the case underneath.
  await rater.keyboard.press("1");
  await rater.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await waitForShortcuts(rater);
  await expect(rater.getByText("0 of 2 dimensions rated")).toBeVisible();
  await rater.keyboard.press("g");
  await expect(dialog).toBeVisible();
  // A g typed between the dialog closing and its close event (one task later; CI hit this under
  // load) opens it again rather than toggling a stale copy of its state.
  await rater.evaluate(() => {
    document.querySelector<HTMLDialogElement>("[data-testid=guidelines-dialog]")!.close();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "g", bubbles: true }));
  });
  await expect(dialog).toBeVisible();
  await rater.keyboard.press("Escape");
  // Not again by themselves on the next visit.
  await rater.reload();
  await waitForShortcuts(rater);
  await expect(dialog).toBeHidden();
});
