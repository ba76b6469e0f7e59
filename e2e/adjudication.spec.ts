import { expect, test } from "@playwright/test";
import { closeAndAdjudicate, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// Raters disagree and one proposes a gold correction; the organizer closes the audit,
// adjudicates, exports the corrected benchmark; the export re-imports with the corrected gold
// and the change log names the decision.
const AUDIT = `E2E adjudication ${Date.now()}`;
let auditPath = "";
let firstItem = "";
let originalGold = "";
let newGold = "";

test.describe.configure({ mode: "serial" });

test("setup: an open audit of two items for two clinicians", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, {
    name: AUDIT,
    dataset: OBGYN,
    size: 2,
    seed: "adjudicate-1",
    clinicians: [1, 2],
    reviewOrder: "shared",
  });
});

test("clinician 1 rates the first gold incorrect and proposes a new gold", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  firstItem = (await section.locator("table a[href^='/review/']").first().textContent())!.trim();
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  const options = page.getByTestId("options").locator("li");
  originalGold = ((await page.getByTestId("options").locator("[data-gold]").textContent()) ?? "").trim().charAt(0);
  const labels = (await options.allTextContents()).map((t) => t.trim().charAt(0));
  newGold = labels.find((l) => l !== originalGold)!;
  await page.keyboard.press("2");
  await page.keyboard.press("1");
  await page.getByText("Propose a correction").click();
  await page.getByLabel("Type of correction").selectOption("GOLD");
  await page.getByLabel("New gold option").selectOption(newGold);
  await page.getByLabel("Rationale (required)").fill("The record supports the other option.");
  await page.getByRole("button", { name: "Save correction" }).click();
  await expect(page.getByRole("list", { name: "Your corrections" })).toContainText("New gold answer");
  await page.keyboard.press("n");
  await expect(page.getByText("Item 2 of 2")).toBeVisible();
  await waitForShortcuts(page);
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
  await waitUntilSaved(page);
});

test("clinician 2 rates both items correct", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician2@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await section.getByRole("link", { name: /Next unrated/ }).click();
  for (let i = 0; i < 2; i++) {
    await waitForShortcuts(page);
    await page.keyboard.press("1");
    await page.keyboard.press("1");
    await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
    if (i === 0) {
      await page.keyboard.press("n");
      await expect(page.getByText("Item 2 of 2")).toBeVisible();
    }
  }
  await waitUntilSaved(page);
});

test("the organizer adjudicates, exports, and the export re-imports with the corrected gold", async ({ browser }, testInfo) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await closeAndAdjudicate(page, auditPath, firstItem);
  await expect(page.getByTestId("rater-ratings")).toContainText("Incorrect");
  await page.getByLabel("Final label: Gold-answer correctness").selectOption("incorrect");
  const correction = page.getByTestId("correction-GOLD");
  await correction.getByLabel("Accept", { exact: true }).check();
  await correction.getByLabel("Reason for this decision").fill("Confirmed against the record.");
  await page.getByLabel("Rationale").last().fill("Gold was wrong; the proposed option is supported.");
  await page.getByRole("button", { name: "Save adjudication" }).click();
  await expect(page.getByText("Adjudication saved.")).toBeVisible();

  const api = `/api${auditPath}/corrected`;
  const log = await (await page.request.get(`${api}/changelog.json`)).json();
  expect(log.changes).toHaveLength(1);
  expect(log.changes[0]).toMatchObject({
    item: firstItem,
    before: originalGold,
    after: newGold,
    proposedBy: "Dr. Chen Li",
    decidedBy: "Omar Organizer",
    decision: "ACCEPTED",
    rationale: "Confirmed against the record.",
  });
  expect(await (await page.request.get(`${api}/changelog.md`)).text()).toContain(`**${firstItem}** — gold: ${originalGold} → ${newGold}`);
  // The revision summary: one gold answer of the two sampled items, in the change log and on the page.
  expect(log.revisions.rows.find((r: { kind: string }) => r.kind === "gold")).toMatchObject({ count: 1, of: 2, share: 0.5 });
  await page.goto(`${auditPath}/adjudicate`);
  await expect(page.getByTestId("revision-summary").locator("tr[data-kind=gold]")).toHaveText(/Gold answers corrected\s*1\s*2\s*50\.0%/);

  const corrected = testInfo.outputPath("ehr-decision-mcq.json");
  const response = await page.request.get(`${api}/ehr-decision-mcq.json`);
  expect(response.status()).toBe(200);
  (await import("node:fs")).writeFileSync(corrected, await response.body());
  await page.goto("/datasets");
  const name = `Corrected ObGyn ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles(corrected);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`);
  await page.getByRole("link", { name }).click();
  await page.getByPlaceholder(/Search question/).fill(firstItem);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole("link", { name: firstItem, exact: true }).click();
  await expect(page).toHaveURL(/\/items\//);
  await expect(page.getByTestId("options").locator("[data-gold]")).toContainText(`${newGold}.`);

  await page.goto(`${auditPath}/dashboard`);
  await expect(page.getByTestId("adjudicated-gold")).toContainText("1 changed by adjudication");
  await expect(page.getByTestId("audit-paragraph")).toContainText("adjudicat");
  await expect(page.getByTestId("audit-paragraph")).toContainText("gold answers corrected 50.0% (1 of 2)");
});
