import { expect, test, type Browser, type Page } from "@playwright/test";
import { clinaudit, dimensionCsv } from "./support/cli";
import { createOpenAudit } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// Three clinicians rate the same three sampled items by keyboard only; the organizer sees
// progress move; the dashboard, the JSON export and the command line on the exported CSV agree.
const CLINICIANS = [
  { email: "clinician1@demo.clinaudit", gold: ["1", "1", "1"], question: ["1", "1", "2"] },
  { email: "clinician2@demo.clinaudit", gold: ["1", "2", "2"], question: ["1", "2", "2"] },
  { email: "clinician3@demo.clinaudit", gold: ["1", "2", "3"], question: ["1", "1", "3"] },
];
const AUDIT = `E2E keyboard audit ${Date.now()}`;

test.describe.configure({ mode: "serial" });

async function organizerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, "organizer");
  return page;
}

test("the organizer draws a sample, assigns three clinicians and opens the audit", async ({ browser }) => {
  // One order for all: the ratings below are written per position ("item i") for every rater.
  const path = await createOpenAudit(browser, {
    name: AUDIT,
    dataset: OBGYN,
    size: 3,
    seed: "e2e-2026",
    clinicians: [1, 2, 3],
    reviewOrder: "shared",
    through: "ui",
  });
  const page = await organizerPage(browser);
  await page.goto(path);
  await expect(page.getByTestId("audit-progress")).toHaveText("0 of 9 assigned reviews complete");
});

for (const [index, clinician] of CLINICIANS.entries()) {
  test(`clinician ${index + 1} rates every item by keyboard`, async ({ browser }) => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, clinician.email, "demo-clinician-2026");
    await expect(page).toHaveURL(/\/review$/);
    const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
    await section.getByRole("link", { name: /Next unrated/ }).focus();
    await page.keyboard.press("Enter");
    for (let i = 0; i < 3; i++) {
      await expect(page).toHaveURL(/\/review\/[^/]+$/);
      await expect(page.getByText(`Item ${i + 1} of 3`)).toBeVisible();
      await waitForShortcuts(page);
      await page.keyboard.press(clinician.gold[i]!);
      await page.keyboard.press(clinician.question[i]!);
      await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
      if (i < 2) {
        const url = page.url();
        await page.keyboard.press("n");
        await page.waitForURL((u) => u.toString() !== url);
      } else {
        // Both dimensions' own status lines: the first "Saved" may come while the second is
        // still on its way (seen under load), and the queue below counts only what arrived.
        await expect(page.getByText(/Saved \d/)).toHaveCount(2);
      }
    }
    await page.goto("/review");
    await expect(section.getByText("3 of 3 done")).toBeVisible();
  });

  test(`after clinician ${index + 1}, the organizer sees the progress`, async ({ browser }) => {
    const page = await organizerPage(browser);
    await page.getByRole("link", { name: AUDIT }).click();
    await expect(page.getByTestId("audit-progress")).toHaveText(`${3 * (index + 1)} of 9 assigned reviews complete`);
    await expect(page.getByTestId(`progress-${clinician.email}`)).toContainText("3 / 3");
  });
}

test("the dashboard, the JSON export and the command line on the exported CSV agree", async ({ browser }, testInfo) => {
  const page = await organizerPage(browser);
  await page.getByRole("link", { name: AUDIT }).click();
  await expect(page).toHaveURL(/\/audits\/[^/]+$/);
  const auditUrl = page.url();
  await page.getByRole("link", { name: "Dashboard" }).click();
  const base = `${new URL(auditUrl).pathname.replace("/audits/", "/api/audits/")}/export`;
  const json = await (await page.request.get(`${base}/report.json`)).json();
  const longCsv = await (await page.request.get(`${base}/ratings-long.csv`)).text();
  expect(longCsv.trimEnd().split("\n")).toHaveLength(1 + 3 * 3 * 2);

  for (const dimension of json.dimensions) {
    const categories = dimension.categories.map((c: { key: string }) => c.key).join(",");
    const file = dimensionCsv(longCsv, dimension.key, testInfo.outputPath(`${dimension.key}.csv`));
    const cli = JSON.parse(
      clinaudit([
        "agreement",
        file,
        "--json",
        "--categories",
        categories,
        "--tie-category",
        dimension.tieCategory,
        "--population",
        String(json.audit.populationSize),
      ]),
    );
    // Same numbers to the last digit: coefficients, shares and majority counts.
    expect(cli.dimensions[0].coefficients).toEqual(dimension.agreement.coefficients);
    expect(cli.dimensions[0].shares).toEqual(dimension.agreement.shares);
    expect(cli.dimensions[0].majority.counts).toEqual(dimension.agreement.majority.counts);
    // The dashboard shows the same AC1, rounded to three decimals.
    const ac1 = dimension.agreement.coefficients.gwetAc1.coeff as number;
    const table = page.getByTestId(`dimension-${dimension.key}`).locator("table", { hasText: "Gwet's AC1" }).first();
    await expect(table.locator("tr", { hasText: "Gwet's AC1" }).first()).toContainText(ac1.toFixed(3));
  }
  // Gold: item 1 all "correct", item 2 two "incorrect", item 3 a three-way split → uncertain.
  const gold = json.dimensions.find((d: { key: string }) => d.key === "gold");
  expect(gold.agreement.majority.counts).toEqual([
    { category: "correct", count: 1 },
    { category: "incorrect", count: 1 },
    { category: "uncertain", count: 1 },
  ]);
  await expect(page.getByTestId("audit-paragraph")).toContainText("random sample of 3 items");
});
