import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { newPage } from "./support/audits";
import { clinaudit } from "./support/cli";
import { signIn, signInAs } from "./support/users";

// Issue #34's "Done when": an organizer imports predictions, plans a 100-item sample stratified by
// model disagreement (the preview shows the expected bound under simple random sampling and under
// the design), creates the audit and sees its design; three clinicians review it, their queue and
// case pages showing nothing of the predictions, the strata or the design, and the triage list
// and audit page refused to them; the dashboard shows majority vote and latent-class estimates
// beside the design-weighted error rate; the triage list ranks the items and downloads as CSV; the
// reproducibility package's two scripts rerun every number. MODEL_GUIDED_SHOTS=<dir> saves the
// planner, the dashboard card and the triage list in English and Chinese at 1280×800 and 1440×900.
const SHOTS = process.env.MODEL_GUIDED_SHOTS;
const AUDIT = `E2E model-guided ${Date.now()}`;
const SIZE = 100;
const RATERS = /clinician[123]@demo\.clinaudit/;
// A new benchmark each run (the same bytes again would be an import that changes nothing); its seed
// is in each test's annotations and output, so a failing run's data can be generated again.
const SEED = `e2e-mg-${Date.now()}`;
let auditPath = "";
let setName = "";

test.describe.configure({ mode: "serial" });
test.beforeEach(() => {
  test.info().annotations.push({ type: "seed", description: SEED });
  console.log(`model-guided seed: ${SEED}`);
});

async function shoot(page: Page, name: string, testId = "model-guided") {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByTestId(testId).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png` });
  }
}

/** Ticks "stratify by model disagreement" and previews the design (labels by name: any language). */
async function planAndPreview(page: Page) {
  const panel = page.getByTestId("model-guided");
  await panel.locator('input[name="model-guided"]').check();
  await panel.getByRole("button").click();
  await expect(page.getByTestId("model-guided-preview")).toBeVisible({ timeout: 30_000 });
}

test("the organizer imports predictions and plans a model-guided sample", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const dir = testInfo.outputPath("bench");
  clinaudit(["generate", "--kind", "ehr", "--size", "demo", "--patients", "200", "--seed", SEED, "--out", dir]);
  const dataset = path.join(dir, "ehr-decision-mcq.json");
  clinaudit(["generate", "--kind", "predictions", "--dataset", dataset, "--seed", SEED, "--out", dir]);
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  const name = `Model-guided e2e ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles(dataset);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  // 200 patients, ~41,000 records: a few seconds on a quiet machine, more on a busy one.
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`, { timeout: 60_000 });
  await page.goto("/evaluations");
  const datasetId = await page
    .getByLabel("Dataset")
    .locator("option", { hasText: `${name} v1` })
    .getAttribute("value");
  await page.getByLabel("Dataset").selectOption(datasetId!);
  setName = `Run ${SEED}`;
  await page.getByLabel("Prediction file").setInputFiles(path.join(dir, "predictions.csv"));
  await page.getByLabel("Name (optional)").fill(setName);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("prediction-report")).toContainText("Imported");

  await page.goto(`/audits/new?dataset=${datasetId}`);
  await page.getByLabel("Audit name").fill(AUDIT);
  await page.getByLabel("Sample size").fill(String(SIZE));
  await page.getByLabel("Seed").fill(SEED);
  await planAndPreview(page);
  await expect(page.getByTestId("model-guided")).toContainText(setName);
  await expect(page.getByTestId("model-guided-preview")).toContainText(`with a simple random sample of ${SIZE}`);
  await expect(page.getByTestId("model-guided-allocation").locator("tbody tr")).not.toHaveCount(0);
  await shoot(page, "model-guided-en");

  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  if (!(await page.getByTestId("model-guided-preview").isVisible())) await planAndPreview(page);
  await expect(page.getByTestId("model-guided")).toContainText("按模型分歧分层");
  await shoot(page, "model-guided-zh");
  await page.getByTestId("locale-switcher").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  if (!(await page.locator('input[name="model-guided"]').isChecked())) await planAndPreview(page);
  if ((await page.getByLabel("Audit name").inputValue()) === "") {
    await page.getByLabel("Audit name").fill(AUDIT);
    await page.getByLabel("Sample size").fill(String(SIZE));
    await page.getByLabel("Seed").fill(SEED);
  }
  await page.getByRole("button", { name: "Draw sample" }).click();
  await expect(page.getByTestId("sample-summary")).toContainText(`${SIZE} of `);
  await page.getByRole("button", { name: "Create audit" }).click();
  await expect(page.getByRole("heading", { name: AUDIT })).toBeVisible();
  auditPath = new URL(page.url()).pathname;
  // The design, for the organizer: strata with their sizes, the rule, the set and its checksum.
  const design = page.getByTestId("model-design");
  await expect(design).toContainText(setName);
  await expect(design).toContainText(/Predictions SHA-256: [0-9a-f]{64}/);
  await expect(design).toContainText("Allocation:");
  const strata = design.locator("tbody tr");
  expect(await strata.count()).toBeGreaterThan(1);
  let sampled = 0;
  for (const row of await strata.all()) sampled += Number((await row.locator("td").nth(2).textContent())!.replace(/\D/g, ""));
  expect(sampled).toBe(SIZE);
  // Its allocation was fixed for the size drawn: no form to extend it, the reason instead.
  await expect(page.getByTestId("extend-model-guided")).toContainText("cannot be extended");
  await expect(page.getByRole("button", { name: "Preview extension" })).toHaveCount(0);
  await shoot(page, "model-design-en", "model-design");
  for (const box of await page.getByRole("checkbox").all()) {
    await box.setChecked(RATERS.test((await box.locator("xpath=..").textContent()) ?? ""));
  }
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText(`${3 * SIZE} assignments created`)).toBeVisible();
  await page.getByRole("button", { name: "Open for review" }).click();
  await expect(page.getByRole("button", { name: "Close audit" })).toBeVisible();
  await page.context().close();
});

test("a clinician sees nothing of the predictions, the strata or the design", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await expect(section.locator("tbody tr").first()).toBeVisible();
  const forbidden = [setName, "Synthetic-", "stratum", "Stratify", "disagree", "model-stratum", "modelStratum"];
  const check = async () => {
    const html = await page.content();
    for (const word of forbidden) expect(html, word).not.toContain(word);
  };
  await check();
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await expect(page).toHaveURL(/\/review\//);
  await check();
  // The triage list, its CSV and the audit page (the design) answer as any page a rater may not see.
  const refused = await page.goto("/admin/users");
  const refusal = await page.locator("main").textContent();
  for (const path of [`${auditPath}/triage`, auditPath]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(refused?.status());
    expect(await page.locator("main").textContent(), path).toBe(refusal);
    await check();
  }
  const csv = await page.request.get(`/api${auditPath}/triage`);
  expect(csv.status()).toBe(403);
  expect(await csv.json()).toMatchObject({ code: "FORBIDDEN" });
  await page.context().close();
  expect(auditPath).toMatch(/^\/audits\//);
});

test("the dashboard gives the design-weighted error rate and its bound beside the majority vote", async ({ browser }) => {
  // Every assignment rated on the server (e2e/support/seed-ratings.ts): one item in six incorrect.
  const env = {
    ...process.env,
    CLINAUDIT_DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  };
  const auditId = auditPath.split("/").at(-1)!;
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "e2e/support/seed-ratings.ts", "rate", auditId], { env });
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(`${auditPath}/dashboard`);
  const card = page.getByRole("region", { name: /Error-rate bound: Gold/ });
  await expect(card).toContainText("Model-guided sample");
  await expect(card).toContainText("Design-weighted estimate for the whole benchmark");
  await expect(card).toContainText("Korn–Graubard");
  await expect(page.getByTestId("error-bound-gold")).toContainText("≤");
  // Side by side in the dimension's section: the majority vote, the weighted rate, the latent class.
  const gold = page.getByTestId("dimension-gold");
  await expect(gold.getByText(/^Majority vote: Gold/)).toBeVisible();
  await expect(gold.getByTestId("latent-class-gold")).toContainText("Latent-class estimate (Dawid–Skene)");
  await expect(gold.getByTestId("latent-error-gold")).toHaveText(/\d+(\.\d+)?\s?%/);
  // Raters who agree item by item give a fit that settles, on every dimension (the package's
  // scripts below then refit it and compare).
  await expect(page.getByTestId(/^latent-class-/)).not.toHaveCount(0);
  await expect(page.getByTestId(/^latent-unsettled-/)).toHaveCount(0);
  await shoot(page, "dashboard-weighted-en", "error-bound-gold");
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByTestId("error-bound-gold")).toBeVisible();
  await shoot(page, "dashboard-weighted-zh", "error-bound-gold");
  await page.getByTestId("locale-switcher").selectOption("en");
  await page.context().close();
});

test("the triage list ranks the items for the organizer and downloads as CSV", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(auditPath);
  await page.getByRole("link", { name: "Triage" }).click();
  await expect(page).toHaveURL(new RegExp(`${auditPath}/triage$`));
  await expect(page.getByTestId("triage-predictions")).toContainText(setName);
  const rows = page.getByTestId("triage-row");
  // One server page of 50 of the 100 items; the most disagreement first.
  await expect(rows).toHaveCount(50);
  const disagreeing = async () =>
    (await rows.locator("td:nth-child(4)").allTextContents()).map((text) => Number(/^(\d+)/.exec(text.trim())?.[1] ?? -1));
  const first = await disagreeing();
  expect(first).toEqual([...first].sort((a, b) => b - a));
  await shoot(page, "triage-en", "triage-predictions");
  // By P(error), from the kept report: every item is rated, so every row has one.
  await page.getByRole("button", { name: /P\(error\)/ }).click();
  await expect(page).toHaveURL(/sort=-?pError/);
  if (!/sort=-pError/.test(page.url())) await page.getByRole("button", { name: /P\(error\)/ }).click();
  await expect(page).toHaveURL(/sort=-pError/);
  const p = (await rows.locator("td:nth-child(6)").allTextContents()).map((text) => Number.parseFloat(text));
  expect(p.every((x) => Number.isFinite(x))).toBe(true);
  expect(p).toEqual([...p].sort((a, b) => b - a));
  // Filtered to one stratum, and the CSV of exactly that list.
  await page.goto(`${auditPath}/triage?stratum=most&sort=-pError`);
  const most = await rows.count();
  expect(most).toBeGreaterThan(0);
  await expect(rows.locator("td:nth-child(3)").first()).toHaveText("Most models disagree");
  const csv = await page.request.get(`/api${auditPath}/triage?stratum=most&sort=-pError`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe("rank,item,sample_order,stratum,models,models_disagreeing,majority,p_error");
  expect(lines.slice(1).every((l) => l.split(",")[3] === "most")).toBe(true);
  // The page shows at most 50 of them; the CSV has them all.
  expect(Math.min(lines.length - 1, 50)).toBe(most);
  // A row opens the item's adjudication page.
  await rows.first().locator("a").click();
  await expect(page).toHaveURL(new RegExp(`${auditPath}/adjudicate/`));
  await page.goto(`${auditPath}/triage`);
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: /分诊/ })).toBeVisible();
  await shoot(page, "triage-zh", "triage-predictions");
  await page.getByTestId("locale-switcher").selectOption("en");
  await page.context().close();
});

test("the reproducibility package's scripts rerun every number, the design-weighted bound too", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  const response = await page.request.get(`/api${auditPath}/package`);
  expect(response.status()).toBe(200);
  const dir = testInfo.outputPath("package");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.zip"), await response.body());
  execFileSync("python3", ["-m", "zipfile", "-e", "package.zip", "."], { cwd: dir });
  expect(fs.readFileSync(path.join(dir, "model-strata.csv"), "utf8").trim().split("\n")).toHaveLength(SIZE + 1);
  expect(JSON.parse(fs.readFileSync(path.join(dir, "audit.json"), "utf8")).sample.modelDesign.predictionSet.name).toBe(setName);
  for (const [command, script] of [
    ["python3", "reproduce.py"],
    ["Rscript", "reproduce.R"],
  ] as const) {
    const run = spawnSync(command, [script], { cwd: dir, encoding: "utf8" });
    const out = run.stdout;
    expect(out, script).toMatch(/gold +stratified upper .* ok/);
    expect(out, script).toMatch(/model-guided design +prediction set checksum .* ok/);
    expect(out, script).toMatch(/gold +latent class error rate \(mean posterior\) .* ok/);
    // Every number agrees (the scripts allow a Dawid–Skene fit to stop one EM iteration apart).
    expect(
      out.split("\n").filter((line) => /DIFFERS$/.test(line.trimEnd())),
      script,
    ).toEqual([]);
    expect(run.status, script).toBe(0);
  }
  await page.context().close();
});
