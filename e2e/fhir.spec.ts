import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
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

/** Clinician 1 opens an item of an audit; every response body is kept (to show what was never sent). */
async function openItem(browser: Browser, audit: string, item: string) {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: audit }) });
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => bodies.push(r.text().catch(() => "")));
  await section.getByRole("link", { name: item }).click();
  return { page, bodies };
}

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
  await page.getByLabel("Dataset name", { exact: true }).fill(NAME);
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
  const { page, bodies } = await openItem(browser, AUDIT, "FHIR-D1");
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

// Issue #32: a Bulk Data export (one NDJSON file per type) as a clinician reads it: the allergy
// an item depends on, the IV magnesium given, "<0.01" as the lab wrote it, and why a value is absent.
const BULK = path.join(FIXTURES, "bulk");
const BULK_NAME = `E2E FHIR bulk ${Date.now()}`;

test("a Bulk Data export: allergies, administrations and what a value means are on the case screen", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  await page.getByLabel("Files").setInputFiles(fs.readdirSync(BULK).map((name) => path.join(BULK, name)));
  await page.getByLabel("Dataset name", { exact: true }).fill(BULK_NAME);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${BULK_NAME} v1: 2 patients, 19 events, 0 notes, 2 items`, {
    timeout: 150_000,
  });

  const audit = `E2E FHIR bulk audit ${Date.now()}`;
  await createOpenAudit(browser, { name: audit, dataset: `${BULK_NAME} v1 (2 items)`, size: 2, seed: "fhir-bulk", clinicians: [1] });
  const { page: clinician, bodies } = await openItem(browser, audit, "BULK-1");
  await expect(clinician.getByText("Antibiotic for the caesarean section?")).toBeVisible();
  const record = clinician.getByRole("region", { name: "Patient record up to the decision cutoff" });
  // The latest day is in view: "<0.01" as the lab wrote it, why a value is absent, the IV magnesium given.
  await expect(record.getByText("<0.01 ng/mL").first()).toBeVisible();
  await expect(record.getByText("No result: sample haemolysed.")).toBeVisible();
  await expect(record.getByText(/Intravenous route, rate 12 g\/h/)).toBeVisible();
  // The allergy the item depends on, reached from its evidence link.
  await clinician.getByRole("button", { name: /AllergyIntolerance\/pen1/ }).click();
  await expect(record.getByText(/Reaction: Anaphylaxis, severe/)).toBeVisible();
  // The note whose text was a Binary of the export, found by searching the record.
  await record.getByRole("searchbox", { name: "Search the record" }).fill("Anaesthetic review");
  await expect(record.getByText(/Airway Mallampati II/)).toBeVisible();
  // The RTF note (12:30) is after the cutoff (12:00): never sent.
  await clinician.waitForLoadState("networkidle");
  const all = (await Promise.all(bodies)).join("\n");
  for (const later of ["Midwife handover", "DocumentReference/doc-rtf"]) expect(all, later).not.toContain(later);
});
