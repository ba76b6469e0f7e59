import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from "@playwright/test";
import { BAD_CREDENTIALS } from "../lib/auth/sign-in-codes";
import { LIMITS } from "../lib/auth/throttle";
import { createOpenAudit } from "./support/audits";
import { addClinician, DEMO, OBGYN, signIn, signInAs, uniqueEmail, waitForShortcuts } from "./support/users";

// Sign-in throttling through the real next-auth endpoint, and two tabs editing one rating.
// Each throttling test claims client addresses of its own (X-Forwarded-For, as a reverse proxy
// would send it), so the shared server's other specs never share its failure counts.
const BAD = BAD_CREDENTIALS;
const THROTTLED = /^Throttled:\d+$/;
const address = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** POSTs credentials to /api/auth/callback/credentials in `context`: "ok" (session cookie set) or the error shown. */
async function attemptIn(context: BrowserContext, email: string, password: string, ip: string): Promise<string> {
  const request: APIRequestContext = context.request;
  const headers = { "x-forwarded-for": ip };
  await context.clearCookies({ name: /next-auth\.session-token/ });
  const { csrfToken } = await (await request.get("/api/auth/csrf", { headers })).json();
  const response = await request.post("/api/auth/callback/credentials", { headers, form: { csrfToken, email, password, json: "true" } });
  const error = new URL((await response.json()).url).searchParams.get("error");
  const session = (await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"));
  return error ?? (session ? "ok" : "no session and no error");
}

/** The same from a browser that never signed in before (no device cookie). */
async function attempt(browser: Browser, email: string, password: string, ip: string): Promise<string> {
  const context = await browser.newContext();
  try {
    return await attemptIn(context, email, password, ip);
  } finally {
    await context.close();
  }
}

test("failures from one address hold back that address for the account; the owner signs in from another", async ({ browser, page }) => {
  const email = uniqueEmail("locked");
  await signInAs(page, "admin");
  const password = await addClinician(page, email, "Dr. Locked Out");

  const ip = address();
  for (let i = 0; i < LIMITS.pair; i++) expect(await attempt(browser, email, `wrong-${i}`, ip)).toBe(BAD);
  expect(await attempt(browser, email, password, ip)).toMatch(THROTTLED);
  expect(await attempt(browser, email, password, address())).toBe("ok");
});

test("a distributed attack cannot lock the owner out: their browser gets in, and an admin's reset lifts it", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("attacked");
  await signInAs(page, "admin");
  const password = await addClinician(page, email, "Dr. Under Attack");
  // The owner signed in once from their own browser: it now holds a device cookie.
  const owners = await browser.newContext();
  expect(await attemptIn(owners, email, password, address())).toBe("ok");

  for (let i = 0; i < LIMITS.account; i++) expect(await attempt(browser, email, `guess-${i}`, address())).toBe(BAD);
  // A browser that never signed in to this account waits, from any address…
  expect(await attempt(browser, email, password, address())).toMatch(THROTTLED);
  // …the owner's own browser does not.
  expect(await attemptIn(owners, email, password, address())).toBe("ok");
  await owners.close();

  // An admin's password reset lifts the account's back-off for every browser.
  await page.getByRole("button", { name: `Reset password of ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset password" }).click();
  // The reset's one-time password is shown in the user's row (the creation's stays above).
  const shown = page.getByTestId(`user-row-${email}`).getByTestId("temporary-password");
  await expect(shown).toHaveText(/^([A-Za-z2-9]{4}-){3}[A-Za-z2-9]{4}$/);
  const fresh = (await shown.textContent())?.trim() ?? "";
  expect(fresh).not.toBe("");
  expect(await attempt(browser, email, fresh, address())).toBe("ok");
});

test("one client address is held back after many failures across accounts", async ({ browser }) => {
  test.setTimeout(120_000);
  const ip = address();
  for (let i = 0; i < LIMITS.address; i++) expect(await attempt(browser, uniqueEmail(`spray${i}`), "guess", ip)).toBe(BAD);
  // Held back: even a correct password from that address; the account itself is not.
  expect(await attempt(browser, DEMO.clinician.email, DEMO.clinician.password, ip)).toMatch(THROTTLED);
  expect(await attempt(browser, DEMO.clinician.email, DEMO.clinician.password, address())).toBe("ok");
});

test("an over-long email is refused like any wrong one, and the server stays up", async ({ browser }) => {
  expect(await attempt(browser, `${"a".repeat(200_000)}@example.org`, "guess", address())).toBe(BAD);
  expect(await attempt(browser, DEMO.clinician.email, DEMO.clinician.password, address())).toBe("ok");
});

test("two tabs change the same rating: the later save is refused, shown the saved value, and may overwrite it", async ({ browser }) => {
  const audit = `E2E two tabs ${Date.now()}`;
  await createOpenAudit(browser, { name: audit, dataset: OBGYN, size: 1, clinicians: [2] });
  const context = await browser.newContext(); // one browser, two tabs: shared cookies and storage
  const [first, second] = [await context.newPage(), await context.newPage()];
  await signIn(first, "clinician2@demo.clinaudit", DEMO.clinician.password);
  await expect(first).toHaveURL(/\/review$/);
  await first
    .locator("section", { has: first.getByRole("heading", { name: audit }) })
    .getByRole("link", { name: /Next unrated/ })
    .click();
  await expect(first).toHaveURL(/\/review\/[^/]+$/);
  await second.goto(first.url());
  for (const tab of [first, second]) await waitForShortcuts(tab);
  const gold = (tab: typeof first) => tab.getByRole("group", { name: "Gold-answer correctness" });

  await first.keyboard.press("1"); // Correct
  await expect(gold(first).getByText(/^Saved \d/)).toBeVisible();
  await second.keyboard.press("2"); // Incorrect, on a page that never saw "Correct"
  await expect(gold(second).getByText("Changed in another tab or window — showing the latest saved value.")).toBeVisible();
  await expect(gold(second).locator('input[value="correct"]')).toBeChecked();

  await gold(second)
    .getByRole("button", { name: /Use my version/ })
    .click();
  await expect(gold(second).getByText(/^Saved \d/)).toBeVisible();
  await expect(gold(second).locator('input[value="incorrect"]')).toBeChecked();
  await first.reload();
  await expect(gold(first).locator('input[value="incorrect"]')).toBeChecked();
  await context.close();
});

/** The signed-in context's session token, re-issued as if its sign-in had been `hoursAgo` hours ago. */
async function agedSessionCookie(context: BrowserContext, hoursAgo: number) {
  const { decode, encode } = await import("next-auth/jwt");
  const dataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";
  const secret = (JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { NEXTAUTH_SECRET: string }).NEXTAUTH_SECRET;
  const cookie = (await context.cookies()).find((c) => c.name === "next-auth.session-token")!;
  const claims = (await decode({ token: cookie.value, secret }))!;
  // What the server issued before the fix: 30 days of validity, whatever the sign-in time.
  const token = await encode({
    token: { ...claims, authAt: Math.floor(Date.now() / 1000) - hoursAgo * 3600 },
    secret,
    maxAge: 30 * 24 * 3600,
  });
  return { ...cookie, value: token };
}

test("a session signed in 13 h ago is refused on the server; the save says so and goes through after signing in in place", async ({
  browser,
}) => {
  const audit = `E2E signed out ${Date.now()}`;
  await createOpenAudit(browser, { name: audit, dataset: OBGYN, size: 1, clinicians: [3] });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "clinician3@demo.clinaudit", DEMO.clinician.password);
  await expect(page).toHaveURL(/\/review$/);
  await page
    .locator("section", { has: page.getByRole("heading", { name: audit }) })
    .getByRole("link", { name: /Next unrated/ })
    .click();
  await expect(page).toHaveURL(/\/review\/[^/]+$/);
  await waitForShortcuts(page);

  await context.addCookies([await agedSessionCookie(context, 13)]);
  // Pages: back to sign-in.
  const probe = await context.newPage();
  await probe.goto("/review");
  await expect(probe).toHaveURL(/\/login/);
  await probe.close();

  // The open case page: the save is refused because the session ended, and says so.
  const gold = page.getByRole("group", { name: "Gold-answer correctness" });
  await page.keyboard.press("2"); // Incorrect
  await expect(gold.getByText("Not saved — you were signed out.")).toBeVisible();
  const notice = page.getByTestId("signed-out-notice");
  await expect(notice).toContainText("You were signed out, so 1 change is not saved. It is kept in this browser");
  await expect(page.getByText(/retrying/)).toHaveCount(0);
  // No retry turns it into "retrying" either: a retry would come after the first backoff (1 s,
  // components/rubric/save-policy.ts), so this sleep is the window under test, not a wait for a state.
  await page.waitForTimeout(2500);
  await expect(page.getByText(/retrying/)).toHaveCount(0);

  // Sign in in place: the kept edit is sent, nothing else on the page is lost.
  await notice.getByRole("button", { name: "Sign in to save" }).click();
  await notice.getByLabel("Email").fill("clinician3@demo.clinaudit");
  await notice.getByLabel("Password").fill(DEMO.clinician.password);
  await notice.getByRole("button", { name: "Sign in" }).click();
  await expect(gold.getByText(/^Saved \d/)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(gold.locator('input[value="incorrect"]')).toBeChecked();
  await context.close();
});
