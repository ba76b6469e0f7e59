import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { clinaudit } from "./support/cli";
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
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
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

test("an upload asks for a name, suggests the benchmark's own, and never names it after a file", async ({ page }, testInfo) => {
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  const nameBox = page.getByLabel("Dataset name", { exact: true });

  // A bundle carries its benchmark's name: suggested.
  await page.getByLabel("Files").setInputFiles(fixture);
  await expect(nameBox).toHaveValue("synthetic-obgyn-demo");

  // A JSONL pair is two layout files: nothing to suggest, so the form asks (the import used to
  // call it "patients.jsonl v1", a name that reached the report's appendix paragraph).
  const dir = testInfo.outputPath("pair");
  clinaudit(["generate", "--kind", "ehr", "--size", "demo", "--patients", "2", "--seed", `name-${Date.now()}`, "--jsonl", "--out", dir]);
  await page.getByLabel("Files").setInputFiles([path.join(dir, "patients.jsonl"), path.join(dir, "instances.jsonl")]);
  await expect(nameBox).toHaveValue("");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(nameBox).toBeFocused();
  await expect(nameBox).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Give the dataset a name")).toBeVisible();
  await expect(page.getByTestId("import-report")).toHaveCount(0);

  const name = `PregBench pair ${Date.now()}`;
  await nameBox.fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`);
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("link", { name: /patients\.jsonl/ })).toHaveCount(0);

  // The server asks too: no name, or a name of two lines, is refused before anything is read.
  const bytes = fs.readFileSync(fixture);
  for (const [fields, message] of [
    [{}, "Give the dataset a name"],
    [{ name: "two\nlines" }, "one line of at most 160 characters"],
  ] as const) {
    const refused = await page.request.post("/api/datasets/import", {
      multipart: { ...fields, files: { name: "patients.json", mimeType: "application/json", buffer: bytes } },
    });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { error: string; field: string };
    expect(body.field).toBe("name");
    expect(body.error).toContain(message);
  }
});
