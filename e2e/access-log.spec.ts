import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { OBGYN, signIn, signInAs } from "./support/users";

// Issue 31: "who opened patient X's record last week?" A clinician opens a case; the admin finds
// the visit on the access log by patient and day range (and not on another week), and the CSV
// download holds the same answer. A clinician cannot open the log.
const AUDIT = `E2E access log audit ${Date.now()}`;
const CLINICIAN = "clinician2@demo.clinaudit";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: "serial" });

let item = "";
let patient = "";

test("a clinician opens a case: the visit is logged with its patient", async ({ browser }) => {
  await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 2, seed: "access-log-e2e", clinicians: [2] });
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

test("a clinician cannot open the access log or its CSV", async ({ page }) => {
  await signIn(page, CLINICIAN, "demo-clinician-2026");
  await expect(page).toHaveURL(/\/review$/);
  const answer = await page.goto("/admin/access-log");
  expect(answer?.status()).toBe(403);
  await expect(page.getByText(patient)).toHaveCount(0);
  const csv = await page.request.get(`/api/admin/access-log?patient=${patient}`);
  expect(csv.status()).toBe(403);
});
