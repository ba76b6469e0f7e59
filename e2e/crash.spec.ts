import { expect, test, type Browser, type Page } from "@playwright/test";
import { ownServer, scratchPostgres, type OwnServer } from "./support/own-server";
import { signInAs, waitForShortcuts } from "./support/users";

// "Nothing lost": a rating and a comment the page has shown as Saved survive the server being
// killed (SIGKILL of its whole process group, right after the acknowledgement) and restarted on
// the same data. This spec runs a server of its own (demo mode, own port and data folder) on
// SQLite, or on a scratch PostgreSQL database when the suite runs against PostgreSQL.
const port = Number(process.env.E2E_CRASH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 10);
const dataDir = `${process.env.E2E_DATA_DIR ?? "./data/e2e"}-crash`;

/** A page whose relative URLs go to our server, in a fresh context (no cookies, no localStorage). */
async function freshPage(browser: Browser, server: OwnServer): Promise<Page> {
  return (await browser.newContext({ baseURL: server.url })).newPage();
}

test("a rating and comment acknowledged as Saved survive SIGKILL of the server", async ({ browser }) => {
  test.setTimeout(360_000);
  let database: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (process.env.E2E_DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.E2E_DATABASE_URL, `clinaudit_e2e_crash_${port}`);
    test.skip("skip" in scratch, "skip" in scratch ? scratch.skip : "");
    if ("url" in scratch) ({ url: database, drop } = scratch);
  }
  const server = ownServer(port, dataDir, database);
  try {
    await server.start({ fresh: true });
    const page = await freshPage(browser, server);
    await signInAs(page, "clinician");
    // The main demo audit (lib/server/setup/demo-data.ts), which demo clinician 1 is assigned to.
    await page
      .locator("section", { has: page.getByRole("heading", { name: "Demo audit: gold answers, round 1" }) })
      .getByRole("link", { name: /Next unrated/ })
      .click();
    await expect(page).toHaveURL(/\/review\/[^/]+$/);
    const casePath = new URL(page.url()).pathname;
    await waitForShortcuts(page);
    await page.keyboard.press("2"); // gold: Incorrect, then the next dimension is active
    await page.keyboard.press("3"); // question: Unreasonable
    const comment = `Dose outdated (crash test ${Date.now()})`;
    await page.keyboard.press("c");
    await page.keyboard.type(comment);
    await page.keyboard.press("Escape"); // leaving the box sends it at once
    // Every field says "Saved <time>" only after the server acknowledged it.
    await expect(page.getByText(/^Saved \d/)).toHaveCount(3);
    await server.kill();
    await page.context().close();

    await server.start();
    const after = await freshPage(browser, server);
    await signInAs(after, "clinician");
    await after.goto(casePath);
    await expect(after.locator('input[type="radio"][value="incorrect"]')).toBeChecked();
    await expect(after.locator('input[type="radio"][value="unreasonable"]')).toBeChecked();
    await expect(after.getByLabel(/^Comment/)).toHaveValue(comment);
    await after.context().close();
  } finally {
    await server.kill();
    await drop?.();
  }
});
