import { expect, test, type Browser, type Page } from "@playwright/test";
import { createOpenAudit } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// While an audit is open, a clinician receives only their own ratings, comments and
// corrections: not in the HTML, not in server-component payloads, not in any response.
const AUDIT = `E2E blinding audit ${Date.now()}`;
const secret = (n: number) => `SECRET-NOTE-OF-CLINICIAN-${n}-${AUDIT.slice(-6)}`;
const otherUrls: string[] = [];
let auditPath = "";

test.describe.configure({ mode: "serial" });

async function clinicianPage(browser: Browser, n: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, `clinician${n}@demo.clinaudit`, "demo-clinician-2026");
  await expect(page).toHaveURL(/\/review$/);
  return page;
}

test("setup: an open audit of two items for three clinicians", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 2, clinicians: [1, 2, 3], reviewOrder: "shared" });
});

for (const n of [2, 3]) {
  test(`clinician ${n} rates and comments`, async ({ browser }) => {
    const page = await clinicianPage(browser, n);
    const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
    for (const link of await section.locator("table a[href^='/review/']").all()) otherUrls.push((await link.getAttribute("href"))!);
    await section.getByRole("link", { name: /Next unrated/ }).click();
    await waitForShortcuts(page);
    await page.keyboard.press("2");
    await page.keyboard.press("3");
    await page.keyboard.press("c");
    await page.keyboard.type(secret(n));
    await page.keyboard.press("Escape");
    // Two ratings and the comment, each acknowledged by the server.
    await expect(page.getByText(/Saved \d/)).toHaveCount(3);
  });
}

test("clinician 1 never receives the others' ratings or comments", async ({ browser }) => {
  const page = await clinicianPage(browser, 1);
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => bodies.push(r.text().catch(() => "")));
  await page.reload();
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
  await page.keyboard.press("c");
  await page.keyboard.type(secret(1));
  await page.keyboard.press("Escape");
  await expect(page.getByText(/Saved \d/)).toHaveCount(3);
  // Reload: the page itself now carries one's own comment (the positive control below). A
  // response body fetched only after the next navigation may be gone, so wait for this one.
  const reloaded = await page.reload();
  expect(await reloaded!.text()).toContain(secret(1));
  await waitForShortcuts(page);
  await page.keyboard.press("n");
  await expect(page.getByText("Item 2 of 2")).toBeVisible();
  await page.waitForLoadState("networkidle");

  // Someone else's review: not found, not forbidden (that would confirm it exists).
  for (const url of otherUrls) expect((await page.goto(url))?.status(), url).toBe(404);
  // Results and exports stay closed to clinicians while the audit is open.
  expect((await page.goto(`${auditPath}/dashboard`))?.status()).toBe(403);
  expect((await page.request.get(`/api${auditPath}/export/report.json`)).status()).toBe(403);
  expect((await page.request.get(`/api${auditPath}/export/ratings-long.csv`)).status()).toBe(403);

  // Also fetch clinician 1's own pages directly, as HTML and as a server-component payload,
  // so the check does not depend on which response bodies the browser kept.
  const own = await (await page.request.get("/review")).text();
  for (const url of own.match(/\/review\/c[a-z0-9]{20,}/g) ?? []) {
    bodies.push(page.request.get(url).then((r) => r.text()));
    bodies.push(page.request.get(url, { headers: { RSC: "1" } }).then((r) => r.text()));
  }
  const all = (await Promise.all(bodies)).join("\n");
  expect(all.length).toBeGreaterThan(10_000);
  // Positive control: one's own comment does come back, so the check below can see comments.
  expect(all).toContain(secret(1));
  expect(all).not.toContain(secret(2));
  expect(all).not.toContain(secret(3));
});

test("the organizer's report downloads carry every rater's comment", async ({ browser }) => {
  // Regression: the export route loaded comments only for comments.csv, so report.json and
  // report.md said "No rater commented" although the package and the dashboard had them.
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, "organizer");
  const base = `/api${auditPath}/export`;
  const json = await (await page.request.get(`${base}/report.json`)).json();
  expect(json.comments.map((c: { text: string }) => c.text)).toEqual(expect.arrayContaining([secret(2), secret(3)]));
  const md = await (await page.request.get(`${base}/report.md`)).text();
  expect(md).toContain(secret(2));
  // The revision summary rides along (nothing adjudicated yet: every count 0).
  expect(json.revisions.items).toBe(2);
  expect(json.revisions.rows.every((r: { count: number }) => r.count === 0)).toBe(true);
});
