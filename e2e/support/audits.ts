import { execFileSync } from "node:child_process";
import { expect, type Browser, type Page } from "@playwright/test";
import type { SeedAuditInput } from "./seed-audit";
import { signInAs } from "./users";

export interface OpenAuditOptions {
  name: string;
  /** The dataset as the new-audit form lists it, e.g. OBGYN. */
  dataset: string;
  size: number;
  seed?: string;
  /** Which demo clinicians to assign, e.g. [1, 2, 3]. */
  clinicians: number[];
  /** "shared": every clinician reviews in one order (specs that rate "item i" alike); default per rater. */
  reviewOrder?: "shared";
  /**
   * "ui": as the organizer does it, in the browser (review.spec.ts, the flow that tests it).
   * Otherwise the same server functions are called directly (seed-audit.ts): 2.6 s instead of
   * ~8 s for the flows to which the audit is only their starting point.
   */
  through?: "ui";
}

/** The open audit the demo seeds (lib/server/setup), rated in part. */
export const DEMO_AUDIT = "Demo audit: gold answers, round 1";

/** The demo organizer opens the demo audit's dashboard the way a user does: the audit, then its dashboard link. */
export async function openDemoDashboard(page: Page) {
  await signInAs(page, "organizer");
  await page.getByRole("link", { name: DEMO_AUDIT }).click();
  await page
    .getByRole("link", { name: /dashboard/i })
    .first()
    .click();
}

/** A new page in a fresh browser context (its own cookies: one signed-in user per page). */
export async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The organizer draws a sample, assigns demo clinicians fully crossed and opens the audit; returns its path. */
export async function createOpenAudit(browser: Browser, o: OpenAuditOptions): Promise<string> {
  if (o.through !== "ui") return `/audits/${seedOpenAudit(o)}`;
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto("/audits/new");
  await page.getByLabel("Audit name").fill(o.name);
  await page.getByLabel("Dataset").selectOption({ label: o.dataset });
  await page.getByLabel("Sample size").fill(String(o.size));
  if (o.seed) await page.getByLabel("Seed").fill(o.seed);
  if (o.reviewOrder === "shared") await page.getByLabel("One random order for all clinicians").check();
  await page.getByRole("button", { name: "Draw sample" }).click();
  await expect(page.getByTestId("sample-summary")).toContainText(`${o.size} of `);
  await page.getByRole("button", { name: "Create audit" }).click();
  await expect(page.getByRole("heading", { name: o.name })).toBeVisible();
  const path = new URL(page.url()).pathname;
  const wanted = new RegExp(`clinician[${o.clinicians.join("")}]@demo\\.clinaudit`);
  for (const box of await page.getByRole("checkbox").all()) {
    await box.setChecked(wanted.test((await box.locator("xpath=..").textContent()) ?? ""));
  }
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText(`${o.size * o.clinicians.length} assignments created`)).toBeVisible();
  await page.getByRole("button", { name: "Open for review" }).click();
  await expect(page.getByRole("button", { name: "Close audit" })).toBeVisible();
  await page.context().close();
  return path;
}

/** createOpenAudit without the browser, on the e2e server's database (playwright.config.ts); returns the audit id. */
function seedOpenAudit(o: OpenAuditOptions): string {
  const input: SeedAuditInput = {
    name: o.name,
    dataset: o.dataset,
    size: o.size,
    seed: o.seed ?? `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    clinicians: o.clinicians,
    reviewOrder: o.reviewOrder ?? "per-rater",
  };
  const env = {
    ...process.env,
    CLINAUDIT_DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  };
  const args = ["--conditions=react-server", "--import", "tsx", "e2e/support/seed-audit.ts", JSON.stringify(input)];
  return execFileSync(process.execPath, args, { env, encoding: "utf8" }).trim().split("\n").at(-1) as string;
}

/** As the organizer: closes the audit and opens one item's adjudication from the queue. */
export async function closeAndAdjudicate(page: Page, auditPath: string, item: string) {
  await page.goto(auditPath);
  await closeAudit(page);
  await page.getByRole("link", { name: "Adjudicate" }).click();
  const queue = page.getByTestId("adjudication-queue");
  await expect(queue).toContainText(item);
  await expect(queue).toContainText("correction proposed");
  await queue.getByRole("link", { name: item }).click();
}

/** As the organizer on the audit page: closes the audit through its confirmation dialog. */
export async function closeAudit(page: Page) {
  await page.getByRole("button", { name: "Close audit" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Close and lock ratings" }).click();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
}

/** Every change on the case page has been acknowledged by the server. */
export async function waitUntilSaved(page: Page) {
  await expect.poll(async () => page.getByText(/Not saved|Saving/).count()).toBe(0);
}
