import { expect, test } from "@playwright/test";
import { createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// Order without hindsight: three clinicians (three per-rater seeds) get three different queues,
// each with one patient's decision points in cutoff order. Then, on one item, clinician 1 rates,
// undoes, flags and un-flags by keyboard while active time is measured; the organizer sees the
// flag and the time in progress and in the export, and the trail records every change.
const AUDIT = `E2E order audit ${Date.now()}`;
let auditPath = "";
let flaggedItem = "";

test.describe.configure({ mode: "serial" });

test("setup: the whole demo benchmark for three clinicians, each in their own order", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, { name: AUDIT, dataset: OBGYN, size: 36, seed: "order-e2e", clinicians: [1, 2, 3] });
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(auditPath);
  await expect(page.getByTestId("review-order-rule")).toContainText("each clinician gets their own random order");
  await expect(page.getByTestId("review-order-rule")).toContainText("cutoff order");
});

test("three clinicians see different orders, each with one patient's decision points in cutoff order", async ({ browser }) => {
  const orders: string[][] = [];
  for (const n of [1, 2, 3]) {
    const page = await newPage(browser);
    await signIn(page, `clinician${n}@demo.clinaudit`, "demo-clinician-2026");
    const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
    await expect(section.locator("table a[href^='/review/']")).toHaveCount(36);
    const ids = (await section.locator("table a[href^='/review/']").allTextContents()).map((t) => t.trim());
    orders.push(ids);
    // SYN-P0019-D2: patient SYN-P0019, decision point 2 (the generator numbers them in cutoff order).
    const seen = new Map<string, number>();
    for (const id of ids) {
      const [, patient, dp] = /^(.*)-D(\d+)$/.exec(id)!;
      expect(Number(dp), `${id} after decision point ${seen.get(patient!)} of the same patient`).toBeGreaterThan(seen.get(patient!) ?? 0);
      seen.set(patient!, Number(dp));
    }
    expect([...seen.values()].some((dp) => dp > 1)).toBe(true); // some patient has several decision points
    await page.context().close();
  }
  expect(new Set(orders.map((o) => o.join())).size).toBe(3);
});

test("clinician 1 rates, undoes, flags and un-flags by keyboard; time on task is measured", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await expect(section.locator("table a[href^='/review/']")).toHaveCount(36);
  flaggedItem = (await section.locator("table a[href^='/review/']").first().textContent())!.trim();
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  await expect(page.getByText(flaggedItem).first()).toBeVisible();

  // Each change is let reach the server before the next: a change undone while its save is still
  // on its way is never sent (the newest value wins), so the trail would rightly not show it.
  await page.keyboard.press("1");
  await expect(page.getByText("1 of 2 dimensions rated")).toBeVisible();
  await waitUntilSaved(page);
  await page.keyboard.press("u");
  await expect(page.getByTestId("undo-status")).toHaveText("Undid your last change to “Gold-answer correctness”.");
  await expect(page.getByText("0 of 2 dimensions rated")).toBeVisible();
  await waitUntilSaved(page);

  const flag = page.getByTestId("flag-toggle");
  await page.keyboard.press("f");
  await expect(flag).toHaveAttribute("aria-pressed", "true");
  await waitUntilSaved(page);
  await page.keyboard.press("Control+z");
  await expect(flag).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("undo-status")).toHaveText("Undid your last change to the flag.");
  await waitUntilSaved(page);
  await page.keyboard.press("f");
  await expect(flag).toHaveAttribute("aria-pressed", "true");
  await waitUntilSaved(page);

  // A few seconds of work with input, then the next item: leaving reports the measured time.
  // The sleeps are the time under test (the export checks ≥ 3 active seconds), not a wait for a state.
  for (let i = 0; i < 4; i++) {
    await page.mouse.move(200 + i * 10, 300);
    await page.waitForTimeout(1_000);
  }
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
  await waitUntilSaved(page);
  const url = page.url();
  await page.keyboard.press("n");
  await page.waitForURL((u) => u.toString() !== url);
  await waitForShortcuts(page);
  await page.context().close();
});

test("the organizer sees the flag and the time in progress and exports; the trail has every change", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(auditPath);
  const row = page.getByTestId("progress-clinician1@demo.clinaudit");
  // A few seconds of activity: shown in seconds below a minute (minutes with one decimal above).
  await expect(row.getByTestId("median-time")).toHaveText(/^(\d+ s|\d+\.\d min)$/);
  await expect(page.getByTestId("flagged-items")).toContainText(flaggedItem);
  const auditId = auditPath.split("/").pop();
  const csv = await (await page.request.get(`/api/audits/${auditId}/export/time-on-task.csv`)).text();
  expect(csv.split("\n")[0]).toBe("item,rater,active_seconds,flagged,rated");
  const line = csv.split("\n").find((l) => l.startsWith(`${flaggedItem},`) && l.endsWith(",true,true"));
  expect(line, csv.slice(0, 400)).toBeTruthy();
  expect(Number(line!.split(",")[2])).toBeGreaterThanOrEqual(3);
  const paragraph = await (await page.request.get(`/api/audits/${auditId}/export/paragraph.txt`)).text();
  expect(paragraph).toMatch(/each clinician spent a median of (\d+ seconds?|\d+\.\d minutes) per case/);
  expect(paragraph).toContain("Each clinician rated the items in their own random order");
  await page.context().close();

  const admin = await newPage(browser);
  await signInAs(admin, "admin");
  const trail = await (await admin.request.get("/api/admin/audit-trail?entity=Assignment")).text();
  for (const action of ["flag.set", "flag.undo", "rating.undo"]) expect(trail).toContain(action);
});
