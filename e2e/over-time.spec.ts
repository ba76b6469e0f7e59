// Agreement over time on the dashboard: an audit whose third rater drifts on the gold answer in the
// second half (e2e/support/seed-ratings.ts) shows the organizer the calm prompt, the timeline with
// the guideline edit and each rater along their queue, in English and Chinese (screenshots at
// 1280 × 800); report.json states the windows; the latent-class card sits beside the majority
// vote; raters never see any of it, not even once the results are shared. Each rater's quality
// beside it (screenshots at 1280 × 800 and 1440 × 900): the organizer sees every row, a rater only
// their own once the audit is closed and shared.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { OBGYN, signInAs } from "./support/users";

function seedRatings(op: "rate" | "close-and-share", auditId: string) {
  const env = {
    ...process.env,
    CLINAUDIT_DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  };
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "e2e/support/seed-ratings.ts", op, auditId], { env });
}

async function shootQuality(page: Page, name: string, testInfo: import("@playwright/test").TestInfo) {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByTestId("rater-quality-gold").scrollIntoViewIfNeeded();
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function shoot(page: Page, name: string, testInfo: import("@playwright/test").TestInfo) {
  await page.locator("#over-time-gold").scrollIntoViewIfNeeded();
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await page.getByTestId("drift-prompt").screenshot({ path: testInfo.outputPath(`${name}-prompt.png`) });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

test("agreement over time: the organizer sees the drift, its timeline and each rater; raters never do", async ({ browser }, testInfo) => {
  // Two seeding processes, two languages, two users (~60 s on a loaded machine) and the latent-class
  // interval's 10,000 refits in the background thread.
  test.setTimeout(330_000);
  const path = await createOpenAudit(browser, {
    name: `Drift ${Date.now()}`,
    dataset: OBGYN,
    size: 36,
    clinicians: [1, 2, 3],
    reviewOrder: "shared",
  });
  const auditId = path.split("/")[2]!;
  seedRatings("rate", auditId);

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAs(page, "organizer");
  await page.goto(`${path}/dashboard`);
  const prompt = page.getByTestId("drift-prompt");
  await expect(prompt).toContainText("Agreement has fallen in the latest ratings");
  await expect(prompt).toContainText(/Gold-answer correctness: the latest window's AC1 is [\d.]+, against [\d.]+ for the whole audit/);
  // The question dimension was rated without drift: not in the prompt. Beside the one dimension's
  // link, the prompt offers a re-calibration round.
  await expect(prompt.getByRole("link")).toHaveCount(2);
  await expect(prompt.getByRole("link", { name: "Start a re-calibration round" })).toBeVisible();
  await expect(prompt.getByRole("button")).toHaveCount(0);
  // The timelines are in their own part of the dashboard, not its summary.
  await expect(page.getByTestId("over-time-gold")).toHaveCount(0);
  // The prompt's link leads to the timeline, by keyboard.
  await prompt.getByRole("link", { name: "Gold-answer correctness" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\?view=over-time#over-time-gold$/);
  await expect(page.getByTestId("dashboard-views").getByRole("link", { name: "Over time" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("drift-prompt")).toBeVisible();
  const figure = page.getByTestId("over-time-gold");
  await expect(figure.getByRole("img", { name: /Agreement over time/ })).toBeVisible();
  await expect(figure).toContainText("guidelines edited");
  await expect(page.getByTestId("rater-fatigue-gold").getByRole("row")).toHaveCount(4);
  await shoot(page, "over-time-en", testInfo);

  // Back to the summary, by keyboard: the views are links.
  await page.getByTestId("dashboard-views").getByRole("link", { name: "Summary" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);

  // Beside the majority vote: the latent-class estimate, each rater's sensitivity and specificity.
  const latent = page.getByTestId("latent-class-gold");
  await expect(latent).toContainText("Latent-class estimate (Dawid–Skene)");
  await expect(page.getByTestId("latent-error-gold")).toHaveText(/^\d+(\.\d)?%$/);
  await expect(latent.getByRole("row")).toHaveCount(4);
  // Its interval is computed in the background: the card says so, then the live dashboard shows it.
  const interval = page.getByTestId("latent-interval-gold");
  await expect(interval).toContainText(/10,000 refits\) is being computed|item-bootstrap interval/);
  await expect(interval).toHaveText(/^95% item-bootstrap interval \d+\.\d% to \d+\.\d% \(10,000 refits\)\.$/, { timeout: 240_000 });
  await latent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("latent-class-en.png") });
  await expect(page.getByTestId("audit-paragraph")).toContainText(/95% item-bootstrap interval [\d.]+%–[\d.]+%, 10,000 refits/);

  const report = await (await page.request.get(`/api/audits/${auditId}/export/report.json`)).json();
  const gold = report.agreementOverTime.dimensions.find((d: { key: string }) => d.key === "gold");
  expect(report.agreementOverTime.options).toEqual({ windows: 6, minItems: 5, dropShare: 0.15 });
  expect(gold.windows.map((w: { items: number }) => w.items)).toEqual([6, 6, 6, 6, 6, 6]);
  expect(gold.drop.prompt).toBe(true);
  expect(gold.guidelineEdits).toEqual([expect.objectContaining({ afterWindows: 3 })]);
  const goldRate = report.dimensions.find((d: { key: string }) => d.key === "gold").latentClass.errorRate;
  expect(goldRate.interval).toMatchObject({ replicates: 10_000, level: 0.95, stream: "latent-class/gold" });
  expect(goldRate.interval.ciLower).toBeLessThanOrEqual(goldRate.interval.ciUpper);
  const replicates = await (await page.request.get(`/api/audits/${auditId}/export/latent-class-replicates.csv`)).text();
  expect(replicates.split("\n").filter((line) => line.startsWith("gold,"))).toHaveLength(10_000);

  // Each rater's quality: every row for the organizer, with intervals, B and the seed, and the note.
  await page.getByTestId("dashboard-views").getByRole("link", { name: "Raters" }).click();
  const quality = page.getByTestId("rater-quality-gold");
  await expect(quality.getByRole("row")).toHaveCount(4);
  await expect(quality).toContainText(/1,000 resamples, seed /);
  await expect(quality).toContainText(/\d+\.\d% to \d+\.\d%/);
  await expect(quality).toContainText("it is not a verdict on a rater");
  expect(report.raterQuality.method).toMatchObject({ replicates: 1000, level: 0.95 });
  expect(report.raterQuality.dimensions.find((d: { key: string }) => d.key === "gold").raters).toHaveLength(3);
  const csv = await page.request.get(`/api/audits/${auditId}/export/rater-quality.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^dimension,rater,rated,compared,agreeing,split,agreement,/);
  await shootQuality(page, "rater-quality-en", testInfo);

  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.getByTestId("rater-quality-gold")).toContainText("每位评审者的质量");
  await shootQuality(page, "rater-quality-zh-CN", testInfo);
  await page.getByTestId("dashboard-views").getByRole("link", { name: "随时间变化" }).click();
  await expect(page.getByTestId("drift-prompt")).toContainText("最近评分的一致性有所下降");
  await expect(page.getByTestId("over-time-gold")).toContainText("指南已修改");
  await shoot(page, "over-time-zh-CN", testInfo);
  await page.getByTestId("dashboard-views").getByRole("link", { name: "概要" }).click();
  await expect(page.getByTestId("latent-class-gold")).toContainText("潜在类别估计（Dawid–Skene）");
  await expect(page.getByTestId("latent-interval-gold")).toContainText("条目自助法区间");
  await page.getByTestId("latent-class-gold").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("latent-class-zh-CN.png") });
  await page.getByTestId("locale-switcher").selectOption("en");
  await expect(page.getByTestId("drift-prompt")).toContainText("Agreement has fallen");

  // A rater: no dashboard while open; once the results are shared, the numbers but none of this.
  const clinician = await newPage(browser);
  await signInAs(clinician, "clinician");
  expect((await clinician.goto(`${path}/dashboard`))!.status()).toBe(403);
  expect((await clinician.request.get(`/api/audits/${auditId}/export/rater-quality.csv`)).status()).toBe(403);
  seedRatings("close-and-share", auditId);
  // Every part of the dashboard at once.
  await clinician.goto(`${path}/dashboard?view=all`);
  await expect(clinician.getByRole("heading", { name: "Gold-answer correctness", exact: true })).toBeVisible();
  await expect(clinician.getByTestId("drift-prompt")).toHaveCount(0);
  await expect(clinician.getByTestId("over-time-gold")).toHaveCount(0);
  await expect(clinician.getByTestId("rater-fatigue-gold")).toHaveCount(0);
  // Their own quality, once closed: one row, theirs.
  const own = clinician.getByTestId("rater-quality-gold");
  await expect(own).toContainText("Your ratings' quality");
  await expect(own.getByRole("row")).toHaveCount(2);
  await own.scrollIntoViewIfNeeded();
  await clinician.screenshot({ path: testInfo.outputPath("rater-quality-own.png") });
  expect((await clinician.request.get(`/api/audits/${auditId}/export/rater-quality.csv`)).status()).toBe(403);
  await expect(clinician.getByTestId("latent-class-gold")).toHaveCount(0);
  for (const view of ["", "?view=over-time", "?view=raters", "?view=items", "?view=all"]) {
    const html = await (await clinician.request.get(`${path}/dashboard${view}`)).text();
    expect(html).not.toContain("Agreement over time");
    expect(html).not.toContain("Dawid");
    expect(html).not.toContain("latentClass");
    expect(html).not.toContain("item-bootstrap");
  }
  // The over-time part typed into the address: not theirs, so the summary, not a page of empty headings.
  await clinician.goto(`${path}/dashboard?view=over-time`);
  await expect(clinician.getByTestId("dimension-gold").getByTestId("error-bound-gold")).toBeVisible();
  await expect(clinician.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  expect((await clinician.request.get(`/api/audits/${auditId}/export/report.json`)).status()).toBe(403);
});
