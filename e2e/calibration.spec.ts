import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

const AUDIT = `E2E calibration ${Date.now()}`;
/** Items of the demo dataset in file order: the five practice items are the first not in the sample. */
const CANDIDATES = [
  "SYN-P0001-D1",
  "SYN-P0001-D2",
  "SYN-P0001-D3",
  "SYN-P0002-D1",
  "SYN-P0003-D1",
  "SYN-P0004-D1",
  "SYN-P0005-D1",
  "SYN-P0005-D2",
];

/** The organizer adds practice items with the key "Correct" / "Clear and meaningful" until five are in. */
async function addPracticeItems(page: Page): Promise<string[]> {
  const added: string[] = [];
  const card = page.locator("#calibration");
  for (const id of CANDIDATES) {
    if (added.length === 5) break;
    await card.getByLabel("Dataset item id (not one of the sample)").fill(id);
    await card.getByLabel("Key: Gold-answer correctness").selectOption({ label: "Correct" });
    await card.getByLabel("Key: Question clarity and clinical meaningfulness").selectOption({ label: "Clear and meaningful" });
    await card.getByLabel("Rationale").fill(`Rationale for ${id}: the record supports the gold answer.`);
    await card.getByRole("button", { name: "Add practice item" }).click();
    const refused = card.locator("#calibration-item-error").getByText(`Item “${id}” is in this audit's sample`);
    const listed = card.getByTestId("practice-items").getByText(id, { exact: true });
    await expect(refused.or(listed)).toBeVisible();
    if (await listed.isVisible()) added.push(id);
  }
  expect(added).toHaveLength(5);
  return added;
}

/** The rater answers the open practice round by keyboard: `wrongGold` items get "Incorrect" for the gold answer. */
async function practise(page: Page, wrongGold: number) {
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByTestId("practice-heading")).toHaveText(`Practice item ${i} of 5`);
    await waitForShortcuts(page);
    // Nothing of the key before the answer.
    await expect(page.getByTestId("practice-rationale")).toHaveCount(0);
    await page.keyboard.press(i <= wrongGold ? "2" : "1");
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("practice-rationale")).toContainText("the record supports the gold answer");
    await expect(page.getByTestId("practice-key-gold")).toContainText(i <= wrongGold ? "differs" : "matches");
    await expect(page.getByTestId("practice-key-gold")).toContainText("Key: Correct");
    await page.keyboard.press("n");
  }
}

/** The audit's reproducibility package as the organizer downloads it: audit.json, and reproduce.py's output. */
async function downloadPackage(page: Page, auditId: string): Promise<{ auditJson: string; python: string }> {
  const response = await page.request.get(`/api/audits/${auditId}/package`);
  expect(response.status()).toBe(200);
  const dir = fs.mkdtempSync(join(tmpdir(), "clinaudit-e2e-calibration-"));
  try {
    fs.writeFileSync(join(dir, "package.zip"), await response.body());
    expect(spawnSync("unzip", ["-q", "package.zip", "-d", "out"], { cwd: dir }).status).toBe(0);
    const py = spawnSync("python3", ["reproduce.py"], { cwd: join(dir, "out"), encoding: "utf8" });
    return { auditJson: fs.readFileSync(join(dir, "out", "audit.json"), "utf8"), python: py.stdout + py.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The dashboard's calibration card at 1280 × 800 and 1440 × 900, into the test's output folder. */
async function shootCard(page: Page, name: string, testInfo: TestInfo) {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByTestId("calibration-card").scrollIntoViewIfNeeded();
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The "Done when": a 5-item calibration with keys, worked through by keyboard with each key
// shown after the answer, a failed gate, a re-calibration, a pass, and only then the queue; the
// organizer sees the results, on the audit page and the dashboard, and the paragraph states them.
test("a rater practises against the key, fails the gate, re-calibrates and then reviews", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const path = await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 2, seed: "e2e-calibration", clinicians: [1] });
  const organizer = await newPage(browser);
  await signInAs(organizer, "organizer");
  await organizer.goto(path);
  const practiceIds = await addPracticeItems(organizer);
  await organizer.locator("#calibration").getByRole("button", { name: "Start the calibration round" }).click();
  await expect(organizer.locator("#calibration").getByText("Round 1: all raters")).toBeVisible();

  const rater = await newPage(browser);
  await signIn(rater, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const mine = rater.locator("section", { has: rater.getByRole("heading", { name: AUDIT }) });
  await expect(mine).toContainText("A practice round comes first: 0 of 5 practice items done.");
  await expect(mine.getByRole("link", { name: /Next unrated/ })).toHaveCount(0);
  await mine.getByRole("link", { name: "Start practice" }).click();
  await practise(rater, 3);
  // 7 of 10 questions match the key: below 80 %, told calmly; the queue stays closed.
  await expect(rater.getByTestId("practice-result")).toContainText("matched the key on 7 of 10 questions (70 %); this audit asks for 80 %");
  await expect(rater.getByRole("link", { name: "Go to your queue" })).toHaveCount(0);
  await rater.goto("/review");
  await expect(mine).toContainText("The organizer sees it and can start another practice round");
  await expect(mine.getByRole("link", { name: /Next unrated/ })).toHaveCount(0);

  // The organizer sees the result and starts a re-calibration round for this rater.
  await organizer.reload();
  const results = organizer.getByTestId("calibration-results");
  await expect(results.getByRole("row").filter({ hasText: "Not passed" })).toContainText("70 %");
  const card = organizer.locator("#calibration");
  await card.getByLabel("Only the raters ticked below").check();
  await card.getByRole("checkbox", { name: "Dr. Chen Li" }).check();
  await card.getByRole("button", { name: "Start a re-calibration round" }).click();
  await expect(card.getByText(/Round 2: /)).toBeVisible();

  await rater.goto("/review");
  await mine.getByRole("link", { name: "Start practice" }).click();
  await practise(rater, 0);
  await expect(rater.getByTestId("practice-result")).toContainText("matched the key on 10 of 10 questions (100 %). Your queue is open.");
  await rater.getByRole("link", { name: "Go to your queue" }).click();
  await mine.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(rater);
  await expect(rater.getByTestId("question")).toBeVisible();

  await organizer.reload();
  await expect(results.getByRole("row").filter({ hasText: /Passed/ })).toContainText("100 %");
  await expect(results.getByRole("row").filter({ hasText: /Passed/ })).toContainText("1.00");

  // The dashboard: each round against the key, and the paragraph's sentence (paragraph.txt's too).
  // 7 of 10 questions; kappa against the key: pa 0.7, pe 0.2 × 0.5 + 0.5 × 0.5 = 0.35 → 0.538.
  const sentence =
    "Before rating, the clinician worked through a calibration set of 5 practice cases (10 questions) with an answer key shown after each answer: " +
    "at their first round, agreement with the key was 70.0% and Cohen's kappa against the key 0.538; " +
    "0 of 1 met the pass rule (at least 80% of answers matching the key, required before their queue opened) at their first round, " +
    "and 1 of 1 by their latest round (1 re-calibration round followed).";
  // The paragraph is in the dashboard's summary, the card in its raters' part.
  await organizer.goto(`${path}/dashboard`);
  await expect(organizer.getByTestId("audit-paragraph")).toContainText(sentence);
  const text = await organizer.request.get(`/api/audits/${path.split("/")[2]}/export/paragraph.txt`);
  expect(await text.text()).toContain(sentence);
  await organizer.getByTestId("dashboard-views").getByRole("link", { name: "Raters" }).click();
  const calibration = organizer.getByTestId("calibration-card");
  await expect(calibration.getByTestId("calibration-sentence")).toHaveText(sentence);
  await expect(calibration.getByRole("row")).toHaveCount(3);
  await expect(calibration.getByRole("row").nth(1)).toContainText("70.0% (7/10)");
  await expect(calibration.getByRole("row").nth(2)).toContainText("100.0% (10/10)");
  await shootCard(organizer, "calibration-dashboard-en", testInfo);
  await organizer.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(calibration.getByTestId("calibration-sentence")).toContainText("正式评审前，该名临床医生（R1）完成了包含 5 个练习病例");
  await shootCard(organizer, "calibration-dashboard-zh-CN", testInfo);
  // The paragraph for the appendix stays English.
  await organizer.getByTestId("dashboard-views").getByRole("link", { name: "概要" }).click();
  await expect(organizer.getByTestId("audit-paragraph")).toContainText(sentence);
  await organizer.getByTestId("locale-switcher").selectOption("en");
  await organizer.getByTestId("dashboard-views").getByRole("link", { name: "Raters" }).click();
  await expect(calibration.getByTestId("calibration-sentence")).toHaveText(sentence);
  // The rater: no dashboard while the audit is open.
  expect((await rater.goto(`${path}/dashboard`))!.status()).toBe(403);

  // The package states the design (raters as labels only), and its script checks the answers against it.
  const pkg = await downloadPackage(organizer, path.split("/")[2]!);
  const design = JSON.parse(pkg.auditJson).calibration;
  expect(design.practiceItems).toEqual(
    practiceIds.map((id) => ({
      item: id,
      key: { gold: "correct", question: "clear" },
      rationale: `Rationale for ${id}: the record supports the gold answer.`,
    })),
  );
  expect(design).toMatchObject({ passRule: { threshold: 0.8 }, mode: "gate", sample: { practiceItemsInSample: 0 } });
  expect(design.rounds).toMatchObject([
    { round: 1, kind: "calibration", asks: "all raters", raters: ["R1"] },
    { round: 2, kind: "re-calibration", asks: "chosen raters", raters: ["R1"] },
  ]);
  for (const round of design.rounds) expect(round.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(pkg.auditJson).not.toMatch(/Chen Li|@demo\.clinaudit/);
  expect(pkg.python).toMatch(/calibration +design key \S+ gold +correct +correct +ok/);
  expect(pkg.python).toMatch(/All \d+ numbers agree with the report/);
});
