import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { checkA11y } from "./support/axe";
import { clinaudit } from "./support/cli";
import { signInAs, signOut } from "./support/users";

interface Interval {
  estimatePp: number;
  halfWidthPp: number;
}
interface Report {
  options: { baseline: string; replicates: number };
  predictions: { models: string[]; scopes: string[] };
  accuracy: { model: string; scope: string; accuracy: Interval }[];
  deltas: { model: string; scope: string; difference: { estimate: number } | null }[];
}

// The numbers as the page prints them (lib/evaluation/report-format.ts): one decimal, "−" for minus.
const one = (x: number) =>
  x
    .toFixed(1)
    .replace(/^-(0\.0)$/, "$1")
    .replace(/^-/, "−");
const signed = (x: number) => (one(100 * x) === "0.0" || one(100 * x).startsWith("−") ? one(100 * x) : `+${one(100 * x)}`);

test("an organizer uploads predictions, reads the report, and its export equals the command line's", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  // A fresh benchmark of its own (unique seed, so a fresh checksum) and synthetic predictions for it.
  const dir = testInfo.outputPath("bench");
  const seed = `e2e-eval-${Date.now()}`;
  clinaudit(["generate", "--kind", "ehr", "--size", "demo", "--patients", "6", "--seed", seed, "--out", dir]);
  const dataset = path.join(dir, "ehr-decision-mcq.json");
  clinaudit(["generate", "--kind", "predictions", "--dataset", dataset, "--seed", seed, "--out", dir]);
  const predictions = path.join(dir, "predictions.csv");

  await signInAs(page, "organizer");
  await page.goto("/datasets");
  const name = `Evaluation e2e ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles(dataset);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Evaluations" }).click();
  await expect(page).toHaveURL(/\/evaluations$/);
  const option = await page
    .getByLabel("Dataset")
    .locator("option", { hasText: `${name} v1` })
    .getAttribute("value");
  await page.getByLabel("Dataset").selectOption(option!);

  // A broken file: every problem located, nothing stored.
  const broken = testInfo.outputPath("broken.csv");
  const lines = fs.readFileSync(predictions, "utf8").split("\n");
  fs.writeFileSync(
    broken,
    [lines[0], lines[1], lines[1], lines[2]!.replace(/,[A-D]$/, ",Z"), "Synthetic-L,Agent,NO-SUCH-ITEM,A"].join("\n") + "\n",
  );
  await page.getByLabel("Prediction file").setInputFiles(broken);
  await page.getByRole("button", { name: "Import" }).click();
  const issues = page.getByTestId("prediction-issues");
  await expect(issues).toContainText("Nothing was written");
  await expect(issues).toContainText("broken.csv:3: (record): duplicate");
  await expect(issues).toContainText(/broken\.csv:4: prediction: "Z" is not an option/);
  await expect(issues).toContainText('broken.csv:5: item_id: unknown item "NO-SUCH-ITEM"');

  await page.getByLabel("Prediction file").setInputFiles(predictions);
  await page.getByLabel("Name (optional)").fill(`Run ${seed}`);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("prediction-report")).toContainText("Imported");
  await page.getByTestId("prediction-report").getByRole("link").click();
  await expect(page.getByRole("heading", { name: `Run ${seed}` })).toBeVisible();
  await expect(page.getByTestId("accuracy-table")).toBeVisible({ timeout: 120_000 });

  // The JSON download is byte for byte what `clinaudit evaluate` prints for the same files.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Report (JSON)" }).click()]);
  const pageJson = fs.readFileSync((await download.path())!, "utf8");
  const cliJson = clinaudit(["evaluate", "--dataset", dataset, "--predictions", predictions, "--format", "json"]);
  expect(pageJson).toBe(cliJson);
  const setUrl = new URL(page.url()).pathname;
  for (const [file, format] of [
    ["evaluation.csv", "csv"],
    ["evaluation.tex", "latex"],
  ] as const) {
    const response = await page.request.get(`/api${setUrl}/export/${file}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe(clinaudit(["evaluate", "--dataset", dataset, "--predictions", predictions, "--format", format]));
  }

  // ... and the page shows the same numbers.
  const report = JSON.parse(pageJson) as Report;
  expect(report.options).toMatchObject({ baseline: "Evidence-only", replicates: 10_000 });
  for (const a of report.accuracy) {
    const cell = page.locator(
      `[data-testid="accuracy-table"] td[data-model="${a.model}"][data-scope="${a.scope}"] [data-testid="accuracy-value"]`,
    );
    await expect(cell).toHaveText(`${one(a.accuracy.estimatePp)} ± ${one(a.accuracy.halfWidthPp)}`);
  }
  const deltaRows = page.getByTestId("delta-table").locator("tbody tr");
  await expect(deltaRows).toHaveCount(report.deltas.length);
  for (const [i, d] of report.deltas.entries()) {
    await expect(deltaRows.nth(i).locator("td").nth(4)).toHaveText(d.difference ? signed(d.difference.estimate) : "n/a");
  }
  await expect(page.getByTestId("dp-table")).toBeVisible();
  await expect(page.getByTestId("chapter-heat-map")).toBeVisible();

  // Another baseline and B through the URL: the page and the command line still agree.
  await page.getByLabel("Baseline scope").selectOption("History-level");
  await page.getByLabel("Bootstrap replicates (B)").selectOption("1000");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/baseline=History-level&b=1000/);
  await expect(page.getByTestId("delta-table")).toContainText("against the baseline, History-level");
  const other = await page.request.get(`/api${setUrl}/export/evaluation.json?baseline=History-level&b=1000`);
  expect(await other.text()).toBe(
    clinaudit(["evaluate", "--dataset", dataset, "--predictions", predictions, "--baseline", "History-level", "--b", "1000"]),
  );
});

test("the demo has a populated evaluation; clinicians cannot reach evaluations", async ({ page }) => {
  await signInAs(page, "organizer");
  await page.goto("/evaluations");
  await page.getByRole("link", { name: "Synthetic models (demo)" }).first().click();
  await expect(page.getByTestId("accuracy-table")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("accuracy-table").locator("tbody tr")).not.toHaveCount(0);
  await signOut(page);
  await signInAs(page, "clinician");
  expect((await page.request.get("/evaluations")).status()).toBe(403);
  const post = await page.request.post("/api/evaluations/import", {
    multipart: { datasetId: "x", file: { name: "p.csv", mimeType: "text/csv", buffer: Buffer.from("model\n") } },
  });
  expect(post.status()).toBe(403);
});

test("the report reads in Chinese, accessible, with the same numbers", async ({ page }) => {
  await signInAs(page, "organizer");
  await page.goto("/evaluations");
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  try {
    await expect(page.getByRole("heading", { name: "模型评估", level: 1 })).toBeVisible();
    await page
      .getByRole("row", { name: /ObGyn decision points/ })
      .getByRole("link", { name: "Synthetic models (demo)" })
      .click();
    await expect(page.getByText("各模型与输入范围的准确率（%）")).toBeVisible({ timeout: 120_000 });
    await checkA11y(page, "evaluation report in Chinese");
    const report = JSON.parse(
      await (await page.request.get(`/api${new URL(page.url()).pathname}/export/evaluation.json`)).text(),
    ) as Report;
    const first = report.accuracy[0]!;
    await expect(page.locator(`td[data-model="${first.model}"][data-scope="${first.scope}"] [data-testid="accuracy-value"]`)).toHaveText(
      `${one(first.accuracy.estimatePp)} ± ${one(first.accuracy.halfWidthPp)}`,
    );
  } finally {
    // The choice is saved to the organizer's profile: give the other specs their English back.
    await page.getByTestId("locale-switcher").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
});
