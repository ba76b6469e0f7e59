import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { chatQaRelease } from "../lib/formats/__fixtures__/notes-release";
import { createOpenAudit, newPage } from "./support/audits";
import { signIn, signInAs } from "./support/users";

// An organizer uploads an EHRNote-ChatQA release exactly as its writer ships it (empty
// note_id / note_seq / storetime, a duplicate of the correct answer, an empty stem, gold
// evidence citing a section the note lacks): it imports, the dataset page lists the findings,
// and a reviewer sees them above the question on the case.
const NAME = `E2E findings ${Date.now()}`;
const AUDIT = `E2E findings audit ${Date.now()}`;

test.describe.configure({ mode: "serial" });

test("the organizer imports the release and sees its findings on the dataset and the item", async ({ page }, testInfo) => {
  const release = chatQaRelease();
  const files = Object.entries(release).map(([name, text]) => {
    const file = testInfo.outputPath(name);
    fs.writeFileSync(file, text);
    return file;
  });
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  await page.getByLabel("Files").setInputFiles(files);
  await page.getByLabel("Dataset name", { exact: true }).fill(NAME);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${NAME} v1: 2 patients, 0 events, 3 notes, 2 items`);

  await page.getByRole("link", { name: NAME }).click();
  const findings = page.getByTestId("dataset-findings");
  await expect(findings).toContainText("3 findings");
  await expect(findings).toContainText(
    "Turn 1: options A, E read the same, and one of them is the correct answer A: the turn cannot be scored.",
  );
  await expect(findings).toContainText("questions.csv:6 · option_e");
  await expect(findings).toContainText("Turn 3 has no question text.");
  await expect(findings).toContainText("cites Discharge Instructions in Note #1");

  await findings.getByRole("link", { name: "900002:medication" }).first().click();
  await expect(page.getByTestId("findings-notice")).toContainText("3 data-quality findings on this item");
});

test("a reviewer sees the item's findings above the question", async ({ browser }) => {
  await createOpenAudit(browser, { name: AUDIT, dataset: `${NAME} v1 (2 items)`, size: 2, seed: "findings-1", clinicians: [1] });
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await section.getByRole("link", { name: "900002:medication" }).click();
  const notice = page.getByTestId("findings-notice");
  await expect(notice).toContainText("Duplicate option: Turn 1: options A, E read the same");
  await expect(notice).toContainText("Cited section missing");
  // The clean conversation carries no notice.
  await page.goto("/review");
  await section.getByRole("link", { name: "900001:microbiology" }).click();
  await expect(page.getByTestId("turn-1")).toBeVisible();
  await expect(page.getByTestId("findings-notice")).toHaveCount(0);
});
