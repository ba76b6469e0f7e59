import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { closeAudit, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { checkA11y } from "./support/axe";
import { signIn, signInAs, waitForShortcuts } from "./support/users";

// Per-turn adjudication of a conversation (issue #35): two clinicians rate turn 1's reference answer
// differently (Incorrect / Correct) and its source turn alike. The item is listed for adjudication,
// the adjudicator sees each turn's rating from every rater (never "—"), sets turn 1's final label,
// and the adjudication list and the dashboard's turn-1 outcome show it. ADJUDICATION_SHOTS=<dir>
// also saves the panel at 1280×800 in English and Chinese.
const NOTES = "Discharge-summary conversations (synthetic demo) v1 (66 items)";
const AUDIT = `E2E per-turn adjudication ${Date.now()}`;
const GOLD_T1 = "Turn 1 · Reference answer correctness (per content turn)";
const EVIDENCE_T2 = "Turn 2 · Evidence set (per source turn)";
const SHOTS = process.env.ADJUDICATION_SHOTS;
let auditPath = "";
let item = "";

test.describe.configure({ mode: "serial" });

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test("setup: an open audit of one conversation for two clinicians", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, { name: AUDIT, dataset: NOTES, size: 1, seed: "notes-adjudicate-1", clinicians: [1, 2] });
});

for (const [clinician, goldKey] of [
  [1, "2"],
  [2, "1"],
] as const) {
  test(`clinician ${clinician} rates turn 1's answer ${goldKey === "2" ? "incorrect" : "correct"} and turn 2's evidence complete`, async ({
    browser,
  }) => {
    const page = await newPage(browser);
    await signIn(page, `clinician${clinician}@demo.clinaudit`, "demo-clinician-2026");
    const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
    item = (await section.locator("table a[href^='/review/']").first().textContent())!.trim();
    await section.getByRole("link", { name: /Next unrated/ }).click();
    await waitForShortcuts(page);
    await page.keyboard.press(goldKey);
    await page.keyboard.press("1");
    await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
    await waitUntilSaved(page);
    await page.context().close();
  });
}

test("the adjudicator sees every turn's ratings and sets turn 1's final label", async ({ browser }) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "organizer");
  await page.goto(auditPath);
  await closeAudit(page);
  await page.getByRole("link", { name: "Adjudicate" }).click();
  const queue = page.getByTestId("adjudication-queue");
  const row = queue.getByRole("row").filter({ hasText: item });
  await expect(row).toContainText("raters disagree");
  await expect(row).toContainText("To do");
  await row.getByRole("link", { name: item }).click();

  const ratings = page.getByTestId("rater-ratings");
  const turn1 = ratings.getByRole("row").filter({ has: page.getByRole("rowheader", { name: GOLD_T1 }) });
  await expect(turn1.getByRole("cell")).toHaveText(["Incorrect", "Correct"]);
  const turn2 = ratings.getByRole("row").filter({ has: page.getByRole("rowheader", { name: EVIDENCE_T2 }) });
  await expect(turn2.getByRole("cell")).toHaveText(["Supports the answer, complete", "Supports the answer, complete"]);
  await expect(ratings.getByRole("cell", { name: "—" })).toHaveCount(0);
  await checkA11y(page, "per-turn adjudication of a conversation");

  // One final label per turn; the raters split on turn 1, so its majority is the split category.
  const final1 = page.getByLabel(`Final label: ${GOLD_T1}`);
  await expect(final1).toHaveValue("uncertain");
  await expect(page.getByLabel(`Final label: ${EVIDENCE_T2}`)).toHaveValue("complete");
  await ratings.scrollIntoViewIfNeeded();
  await shoot(page, "panel-conversation-en");
  await final1.selectOption("incorrect");
  await page.getByLabel("Rationale").last().fill("Turn 1's answer contradicts the discharge summary.");
  await page.getByRole("button", { name: "Save adjudication" }).click();
  await expect(page.getByText("Adjudication saved.")).toBeVisible();

  // Reopened, the panel shows the stored per-turn labels.
  await page.reload();
  await expect(page.getByLabel(`Final label: ${GOLD_T1}`)).toHaveValue("incorrect");
  await expect(page.getByLabel(`Final label: ${EVIDENCE_T2}`)).toHaveValue("complete");

  await page.goto(`${auditPath}/adjudicate`);
  await expect(page.getByTestId("adjudication-queue").getByRole("row").filter({ hasText: item })).toContainText("Adjudicated ✓");

  await page.goto(`${auditPath}/dashboard`);
  const outcome = page.getByTestId("adjudicated-gold@t1");
  await expect(outcome).toContainText("1 changed by adjudication");
  await expect(outcome.getByRole("listitem").filter({ hasText: "Incorrect:" })).toContainText("1");
  await expect(outcome.getByRole("listitem").filter({ hasText: "Uncertain:" })).toContainText("0");
  // One turn's figures at a time (the first by default); the others a link away, or all at once.
  await expect(page.getByTestId("adjudicated-evidence@t2")).toHaveCount(0);
  const turns = page.getByTestId("turn-links");
  await expect(turns.getByRole("link", { name: "1", exact: true })).toHaveAttribute("aria-current", "page");
  await turns.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/[?&]turn=2\b/);
  await expect(page.getByTestId("adjudicated-evidence@t2")).toContainText("0 changed by adjudication");
  await expect(page.getByTestId("adjudicated-gold@t1")).toHaveCount(0);
  await turns.getByRole("link", { name: "All turns" }).click();
  await expect(page.getByTestId("adjudicated-gold@t1")).toContainText("1 changed by adjudication");
  await expect(page.getByTestId("adjudicated-evidence@t2")).toContainText("0 changed by adjudication");
  await page.context().close();
});

test("in Chinese, the panel names each turn and its ratings", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAs(page, "organizer");
  await page.goto(`${auditPath}/adjudicate`);
  // The switch is saved in the organizer's profile: switched back whatever happens, for the flows after this one.
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  try {
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await page.getByTestId("adjudication-queue").getByRole("link", { name: item }).click();
    const ratings = page.getByTestId("rater-ratings");
    await expect(ratings.getByRole("rowheader", { name: /^第 1 轮 · 参考答案正确性.*评分不一致$/ })).toBeVisible();
    await expect(ratings.getByRole("cell", { name: "—" })).toHaveCount(0);
    await expect(page.getByLabel(/^最终标签：第 1 轮 · 参考答案正确性/)).toHaveValue("incorrect");
    await ratings.scrollIntoViewIfNeeded();
    await shoot(page, "panel-conversation-zh");
  } finally {
    await page.getByTestId("locale-switcher").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  await page.context().close();
});
