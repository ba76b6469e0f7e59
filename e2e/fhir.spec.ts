import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { signIn, signInAs, waitForShortcuts } from "./support/users";

// An organizer uploads a patient's FHIR R4 history (a transaction Bundle, as a FHIR client
// posts one) with its decision-point items: first with a schema error, refused and located by
// file, line and JSON path; then the good bundle. A clinician reviews an item over it: the
// FHIR-derived events up to the cutoff are on the case screen, nothing after it.
const FIXTURES = path.resolve(import.meta.dirname, "../tests/fixtures/fhir");
const NAME = `E2E FHIR ${Date.now()}`;
const AUDIT = `E2E FHIR audit ${Date.now()}`;

test.describe.configure({ mode: "serial" });

test("a FHIR bundle with an error is refused, located; the good one imports", async ({ page }, testInfo) => {
  test.setTimeout(180_000); // the first FHIR import compiles the R4 schema (seconds, more under load)
  const good = fs.readFileSync(path.join(FIXTURES, "transaction-bundle.json"), "utf8");
  const broken = JSON.parse(good);
  broken.entry[4].resource.valueQuantity.unit = 5;
  const brokenText = JSON.stringify(broken, null, 2);
  const brokenFile = testInfo.outputPath("history.json");
  fs.writeFileSync(brokenFile, brokenText);
  const instances = path.join(FIXTURES, "instances.jsonl");
  const line = brokenText.split("\n").findIndex((l) => l.includes('"unit": 5')) + 1;

  await signInAs(page, "organizer");
  await page.goto("/datasets");
  await page.getByLabel("Files").setInputFiles([brokenFile, instances]);
  await page.getByLabel("Dataset name (optional)").fill(NAME);
  await page.getByRole("button", { name: "Import" }).click();
  const issues = page.getByTestId("import-issues");
  await expect(issues).toContainText("entry[4].resource.valueQuantity.unit", { timeout: 150_000 });
  await expect(issues).toContainText(`history.json`);
  await expect(issues).toContainText(String(line));
  await expect(issues).toContainText("expected string, got 5");
  await expect(page.getByText("Import rejected: 1 problem. Nothing was written.")).toBeVisible();

  // The good bundle, this time named as the user likes and read as FHIR by choice.
  const goodFile = testInfo.outputPath("export-2032.json");
  fs.writeFileSync(goodFile, good);
  await page.getByLabel("Files").setInputFiles([goodFile, instances]);
  await page.getByLabel("Format").selectOption("fhir-r4");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${NAME} v1: 1 patients, 9 events, 0 notes, 2 items`, {
    timeout: 150_000,
  });
});

test("a clinician reviews a FHIR item: events up to the cutoff, none after", async ({ browser }) => {
  await createOpenAudit(browser, { name: AUDIT, dataset: `${NAME} v1 (2 items)`, size: 2, seed: "fhir-1", clinicians: [1] });
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => bodies.push(r.text().catch(() => "")));
  await section.getByRole("link", { name: "FHIR-D1" }).click();
  await expect(page.getByText("What does the booking haemoglobin show?")).toBeVisible();
  const record = page.getByRole("region", { name: /record/i }).or(page.locator("main"));
  await expect(record.getByText("Hemoglobin [Mass/volume] in Blood").first()).toBeVisible();
  await expect(record.getByText("Full blood count").first()).toBeVisible();
  await expect(record.getByText("Mild anaemia.").first()).toBeVisible();
  await expect(record.getByText("Ferrous sulfate").first()).toBeVisible();
  // After the cutoff (2032-03-02 10:30 +08:00): the 10:40 note, the next week's plan and scan.
  await page.waitForLoadState("networkidle");
  const all = (await Promise.all(bodies)).join("\n");
  for (const later of [
    "Booking visit.",
    "Antenatal care plan",
    "Dating ultrasound",
    "DocumentReference/note1",
    "Composition/plan1",
    "Procedure/us1",
  ])
    expect(all, later).not.toContain(later);

  await waitForShortcuts(page);
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
  await expect(page.getByText(/Saved \d/).first()).toBeVisible();
});
