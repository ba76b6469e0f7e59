import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { closeAndAdjudicate, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// Issue #15: an accepted evidence correction must reach the corrected benchmark with its
// evidence text composed from the new events (never the old event's text); the page prepares
// and checks the files with the importer's rules, then offers them; the download re-imports
// through the upload page and the item shows the new evidence text.
const AUDIT = `E2E corrected ${Date.now()}`;
// The first event of every demo record: before every cutoff.
const NEW_EVENT = "E0001";
let auditPath = "";
let item = "";

test.describe.configure({ mode: "serial" });

test("setup: an open audit of one item for one clinician", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 1, seed: "corrected-1", clinicians: [1] });
});

test("the clinician rates the item and proposes other evidence", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  item = (await section.locator("table a[href^='/review/']").first().textContent())!.trim();
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await page.getByText("Propose a correction").click();
  await page.getByLabel("Type of correction").selectOption("EVIDENCE");
  await page.getByLabel("Corrected evidence or reference").fill(NEW_EVENT);
  await page.getByLabel("Rationale (required)").fill("The booking visit is the evidence.");
  await page.getByRole("button", { name: "Save correction" }).click();
  await expect(page.getByRole("list", { name: "Your corrections" })).toContainText(NEW_EVENT);
  await waitUntilSaved(page);
});

test("the organizer accepts it; the corrected file is checked, downloads, re-imports with the new evidence text", async ({
  browser,
}, testInfo) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await closeAndAdjudicate(page, auditPath, item);
  await page.getByLabel("Final label: Gold-answer correctness").selectOption("correct");
  const correction = page.getByTestId("correction-EVIDENCE");
  await correction.getByLabel("Accept", { exact: true }).check();
  await correction.getByLabel("Reason for this decision").fill("The booking visit supports the answer.");
  await page.getByLabel("Rationale").last().fill("Evidence moved to the booking visit.");
  await page.getByRole("button", { name: "Save adjudication" }).click();
  await expect(page.getByText("Adjudication saved.")).toBeVisible();

  // The queue page shows the preparation, then the files once the importer's checks passed.
  await page.goto(`${auditPath}/adjudicate`);
  const panel = page.getByTestId("corrected-downloads");
  await expect(panel).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
  await expect(panel).toContainText("it imports again");
  const button = page.getByTestId("corrected-file-ehr-decision-mcq.json");
  // A plain link the browser downloads itself (its own progress, straight to disk), not a fetch
  // into the tab's memory first.
  await expect(button).toHaveAttribute("href", /\/api\/audits\/[^/]+\/corrected\/ehr-decision-mcq\.json$/);
  await expect(button).toHaveAttribute("download", "corrected-ehr-decision-mcq.json");
  const download = page.waitForEvent("download");
  await button.click();
  const file = testInfo.outputPath("corrected-ehr-decision-mcq.json");
  await (await download).saveAs(file);

  const bundle = JSON.parse(fs.readFileSync(file, "utf8"));
  const instance = bundle.instances.find((i: { instance_id: string }) => i.instance_id === item);
  const event = bundle.patients
    .find((p: { patient_id: string }) => p.patient_id === instance.patient_id)
    .events.find((e: { event_id: string }) => e.event_id === NEW_EVENT);
  expect(instance.evidence_event_ids).toEqual([NEW_EVENT]);
  const line = `${event.time} [${event.event_type}] ${event.name}`;
  expect(instance.evidence_text.startsWith(line)).toBe(true);
  expect(instance.evidence_text.split("\n")).toHaveLength(1);

  await page.goto("/datasets");
  const name = `Corrected evidence ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles(file);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  // The import runs on the server; under load it takes longer than the default 5 s.
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`, { timeout: 120_000 });
  await page.getByRole("link", { name }).click();
  await page.getByPlaceholder(/Search question/).fill(item);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole("link", { name: item, exact: true }).click();
  await expect(page).toHaveURL(/\/items\//);
  await expect(page.getByTestId("evidence-text")).toHaveText(instance.evidence_text);
});
