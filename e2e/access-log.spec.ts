import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { closeAudit, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// Issue 31: "who opened patient X's record last week?" A clinician opens a case; the admin finds
// the visit on the access log by patient and day range (and not on another week), and the CSV
// download holds the same answer. A clinician cannot open the log.
const AUDIT = `E2E access log audit ${Date.now()}`;
const CLINICIAN = "clinician2@demo.clinaudit";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: "serial" });

let item = "";
let patient = "";
let auditId = "";

test("a clinician opens a case: the visit is logged with its patient", async ({ browser }) => {
  auditId = (await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 2, seed: "access-log-e2e", clinicians: [2] }))
    .split("/")
    .pop()!;
  const page = await newPage(browser);
  await signIn(page, CLINICIAN, "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  const link = section.locator("table a[href^='/review/']").first();
  item = (await link.textContent())!.trim();
  // SYN-P0019-D2: patient SYN-P0019, decision point 2.
  patient = /^(.*)-D\d+$/.exec(item)![1]!;
  // A click is a client navigation: the page is logged as sent, and as viewed once the browser
  // shows it (its open check, /api/review/open), which the clinician stays for.
  const shown = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/review/open" && r.ok());
  await link.click();
  await expect(page.getByText(item).first()).toBeVisible();
  await shown;
  // Rated with an error category, so the closed audit has this item to adjudicate (a later test opens it).
  await waitForShortcuts(page);
  for (const key of ["2", "1"]) await page.keyboard.press(key);
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
  await waitUntilSaved(page);
  await page.context().close();
});

test("the admin finds who opened the patient's record last week, by patient and day, and downloads it", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/admin/access-log");
  await expect(page.getByRole("heading", { name: "Record access log" })).toBeVisible();
  await page.getByLabel("Patient id").fill(patient);
  await page.getByLabel("From (UTC day)").fill(day(-7));
  await page.getByLabel("To (UTC day)").fill(day(0));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`patient=${patient}`));
  // Views are written in batches (at most a second apart): the page is read again until it shows.
  const visit = page.getByRole("row").filter({ hasText: CLINICIAN }).filter({ hasText: item }).filter({ hasText: "case.view" });
  await expect(async () => {
    await page.reload();
    await expect(visit.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(visit.first()).toContainText("case.view");
  await expect(visit.first()).toContainText(patient);
  // Every row shown is this patient's.
  for (const row of await page.getByRole("row").filter({ hasText: "view" }).all()) await expect(row).toContainText(patient);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("access-log.csv");
  const lines = fs
    .readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split(/\r?\n/);
  expect(lines[0]).toBe("at,user_email,user_name,user_id,action,patient,item,dataset_id,audit_id,detail,address");
  const visits = lines.slice(1).filter((l) => l.includes(CLINICIAN) && l.includes(",case.view,") && l.includes(item));
  expect(visits.length).toBeGreaterThanOrEqual(1);
  expect(lines.slice(1).every((l) => l.includes(`,${patient},`))).toBe(true);

  // The week before has no such visit.
  await page.getByLabel("From (UTC day)").fill(day(-14));
  await page.getByLabel("To (UTC day)").fill(day(-8));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No access matches.")).toBeVisible();
});

// The other paths of the issue: an adjudication item, a dataset item page, and the downloads that
// carry record text (corrected data file, backup, package), each found on the log's CSV.
test("the adjudication item, the dataset item page and the corrected, backup and package downloads are logged", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");
  const csv = async (query: string) => (await (await page.request.get(`/api/admin/access-log?${query}`)).text()).trimEnd().split(/\r?\n/);
  const header = (await csv(`patient=${patient}`))[0]!.split(",");
  // This spec's audit: the same patient may have been viewed in the demo audit by other specs,
  // which must stay open for them.
  const viewed = (await csv(`patient=${patient}`)).map((l) => l.split(",")).find((f) => f[header.indexOf("audit_id")] === auditId)!;
  const datasetId = viewed[header.indexOf("dataset_id")]!;

  await page.goto(`/audits/${auditId}`);
  await closeAudit(page);
  await page.goto(`/audits/${auditId}/adjudicate`);
  await page.getByTestId("adjudication-queue").getByRole("link", { name: item }).click();
  await expect(page).toHaveURL(/\/adjudicate\/[^/]+$/);
  await expect(page.getByText(item).first()).toBeVisible();

  await page.goto(`/datasets/${datasetId}`);
  const itemLink = page.locator(`a[href^='/datasets/${datasetId}/items/']`).first();
  const datasetItem = (await itemLink.textContent())!.trim();
  await itemLink.click();
  await expect(page).toHaveURL(/\/items\/[^/]+$/);
  await expect(page.getByText(datasetItem).first()).toBeVisible();

  for (const path of [`corrected/ehr-decision-mcq.json`, "backup", "package"])
    expect((await page.request.get(`/api/audits/${auditId}/${path}`, { timeout: 60_000 })).status(), path).toBe(200);

  const wanted = [
    (l: string) => l.includes(",adjudication.view,") && l.includes(`,${patient},${item},`),
    (l: string) => l.includes(",dataset-item.view,") && l.includes(`,${datasetItem},${datasetId},`),
    (l: string) => l.includes(",download.corrected,") && l.includes(`,${auditId},`) && l.includes("ehr-decision-mcq.json"),
    (l: string) => l.includes(",download.backup,") && l.includes(`,${auditId},`),
    (l: string) => l.includes(",download.package,") && l.includes(`,${auditId},`),
  ];
  // Written in batches (at most a second apart): read again until every path shows.
  await expect(async () => {
    const lines = await csv(`from=${day(0)}&to=${day(0)}`);
    expect(wanted.map((found) => lines.some(found))).toEqual(wanted.map(() => true));
  }).toPass({ timeout: 15_000 });
});

test("a clinician cannot open the access log or its CSV", async ({ page }) => {
  await signIn(page, CLINICIAN, "demo-clinician-2026");
  await expect(page).toHaveURL(/\/review$/);
  const answer = await page.goto("/admin/access-log");
  expect(answer?.status()).toBe(403);
  await expect(page.getByText(patient)).toHaveCount(0);
  const csv = await page.request.get(`/api/admin/access-log?patient=${patient}`);
  expect(csv.status()).toBe(403);
});
