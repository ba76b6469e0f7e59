import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { closeAndAdjudicate, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { signIn, signInAs, waitForShortcuts } from "./support/users";

// A conversation item: clinician 1 proposes a new gold for turn 1 (a content turn); the organizer
// closes the audit, accepts it, and the corrected notes-chatqa bundle re-imports with the new
// gold on turn 1 only. The change log names the turn.
const NOTES = "Discharge-summary conversations (synthetic demo) v1 (66 items)";
const AUDIT = `E2E notes adjudication ${Date.now()}`;
let auditPath = "";
let item = "";
let originalGold = "";
let newGold = "";
let turn2Gold = "";

test.describe.configure({ mode: "serial" });

/** The gold option's label ("B") in one turn of the case screen. */
async function goldOf(page: Page, turnOrder: number): Promise<string> {
  return ((await page.getByTestId(`turn-${turnOrder}`).locator("[data-gold]").textContent()) ?? "").trim().charAt(0);
}

test("setup: an open audit of one conversation for two clinicians", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, { name: AUDIT, dataset: NOTES, size: 1, seed: "notes-adjudicate-1", clinicians: [1, 2] });
});

test("clinician 1 rates and proposes a new gold for turn 1", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  item = (await section.locator("table a[href^='/review/']").first().textContent())!.trim();
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  const turn1 = page.getByTestId("turn-1");
  await expect(turn1).toContainText("content question");
  originalGold = await goldOf(page, 1);
  turn2Gold = await goldOf(page, 2);
  const labels = (await turn1.locator("li").allTextContents()).map((t) => t.trim().charAt(0));
  newGold = labels.find((l) => l !== originalGold)!;
  expect(newGold).toMatch(/^[A-E]$/);
  await page.keyboard.press("2");
  await page.keyboard.press("1");
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();

  await page.getByText("Propose a correction").click();
  await page.getByLabel("Type of correction").selectOption("GOLD");
  const turn = page.getByLabel("Turn", { exact: true });
  await expect(turn.locator("option", { hasText: /^Turn 1 · content: / })).toHaveCount(1);
  await turn.selectOption("1");
  await page.getByLabel("New gold option").selectOption(newGold);
  await page.getByLabel("Rationale (required)").fill("The discharge summary supports another option for turn 1.");
  await page.getByRole("button", { name: "Save correction" }).click();
  const mine = page.getByRole("list", { name: "Your corrections" });
  await expect(mine).toContainText("New gold answer · Turn 1");
  await expect(mine).toContainText(`New gold: ${newGold}`);
  await waitUntilSaved(page);
});

test("clinician 2 rates the conversation", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician2@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
  await waitUntilSaved(page);
});

test("the organizer accepts the turn correction; the corrected bundle re-imports with the new gold on turn 1", async ({
  browser,
}, testInfo) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await closeAndAdjudicate(page, auditPath, item);
  // A conversation audit rates per turn, and is adjudicated per turn (e2e/adjudication-turns.spec.ts).
  await page.getByLabel("Final label: Turn 1 · Reference answer correctness (per content turn)").selectOption("incorrect");
  const correction = page.getByTestId("correction-GOLD");
  await expect(correction).toHaveAttribute("data-turn", "1");
  await expect(correction).toContainText(`New gold answer · Turn 1`);
  await expect(correction).toContainText(`Gold → ${newGold}`);
  await correction.getByLabel("Accept", { exact: true }).check();
  await correction.getByLabel("Reason for this decision").fill("Confirmed against the discharge summary.");
  await page.getByLabel("Rationale").last().fill("Turn 1's gold was wrong.");
  await page.getByRole("button", { name: "Save adjudication" }).click();
  await expect(page.getByText("Adjudication saved.")).toBeVisible();

  const api = `/api${auditPath}/corrected`;
  const log = await (await page.request.get(`${api}/changelog.json`)).json();
  expect(log.changes).toHaveLength(1);
  expect(log.changes[0]).toMatchObject({
    item,
    change: { kind: "GOLD", answer: newGold, turnOrder: 1 },
    before: originalGold,
    after: newGold,
    proposedBy: "Dr. Chen Li",
    decidedBy: "Omar Organizer",
    decision: "ACCEPTED",
  });
  expect(await (await page.request.get(`${api}/changelog.md`)).text()).toContain(
    `**${item.replace(/_/g, "\\_")}** — gold (turn 1): ${originalGold} → ${newGold}`,
  ); // Markdown-escaped, as report.md escapes

  const response = await page.request.get(`${api}/notes-chatqa.json`);
  expect(response.status()).toBe(200);
  const corrected = testInfo.outputPath("notes-chatqa.json");
  fs.writeFileSync(corrected, await response.body());
  await page.goto("/datasets");
  const name = `Corrected notes ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles(corrected);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`);
  await page.getByRole("link", { name }).click();
  await page.getByPlaceholder(/Search question/).fill(item);
  await page.getByRole("link", { name: item, exact: true }).click();
  await expect(page.getByTestId("turn-1").locator("[data-gold]")).toContainText(`${newGold}.`);
  await expect(page.getByTestId("turn-2").locator("[data-gold]")).toContainText(`${turn2Gold}.`);
});
