import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInAs } from "./support/users";

const fixture = path.resolve("e2e/fixtures/ehr-small.json");

test("an organizer uploads a broken file, sees every located problem, then imports the good one", async ({ page }, testInfo) => {
  await signInAs(page, "organizer");
  await page.goto("/datasets");

  const broken = testInfo.outputPath("broken.json");
  fs.writeFileSync(
    broken,
    fs.readFileSync(fixture, "utf8").replace('"answer": "B"', '"answer": "Z"').replace('"ga_days": 224,', '"ga_days": "soon",'),
  );
  await page.getByLabel("Files").setInputFiles(broken);
  await page.getByRole("button", { name: "Import" }).click();
  const issues = page.getByTestId("import-issues");
  await expect(issues).toContainText("Nothing was written");
  await expect(issues).toContainText(/broken\.json:\d+: instances\[0\]\.answer/);
  await expect(issues).toContainText(/ga_days/);

  const name = `Upload test ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles(fixture);
  await page.getByLabel("Dataset name (optional)").fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1: 1 patients, 3 events, 0 notes, 1 items`);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `${name} · v1` })).toBeVisible();
  await expect(page.getByRole("link", { name: "SYN-ICP-0001" })).toBeVisible();
});

test("a clinician cannot upload datasets", async ({ page }) => {
  await signInAs(page, "clinician");
  const response = await page.request.post("/api/datasets/import", {
    multipart: { files: { name: "x.json", mimeType: "application/json", buffer: Buffer.from("{}") } },
  });
  expect(response.status()).toBe(403);
});
