import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { MAX_FAILURES } from "../lib/auth/throttle";
import { createOpenAudit } from "./support/audits";
import { addClinician, DEMO, OBGYN, signIn, signInAs, uniqueEmail, waitForShortcuts } from "./support/users";

// Sign-in throttling through the real next-auth endpoint, and two tabs editing one rating.
// Each throttling test claims client addresses of its own (X-Forwarded-For, as a reverse proxy
// would send it), so the shared server's other specs never share its failure counts.
const BAD = "Invalid email or password.";
const THROTTLED = /^Too many failed sign-in attempts/;
const address = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** POSTs credentials to /api/auth/callback/credentials: "ok" (session cookie set) or the error shown. */
async function attempt(browser: Browser, email: string, password: string, ip: string): Promise<string> {
  const context = await browser.newContext();
  const request: APIRequestContext = context.request;
  const headers = { "x-forwarded-for": ip };
  const { csrfToken } = await (await request.get("/api/auth/csrf", { headers })).json();
  const response = await request.post("/api/auth/callback/credentials", { headers, form: { csrfToken, email, password, json: "true" } });
  const error = new URL((await response.json()).url).searchParams.get("error");
  const session = (await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"));
  await context.close();
  return error ?? (session ? "ok" : "no session and no error");
}

test("five failures lock an account, even for the right password and from another address", async ({ browser, page }) => {
  const email = uniqueEmail("locked");
  await signInAs(page, "admin");
  const password = await addClinician(page, email, "Dr. Locked Out");

  const ip = address();
  for (let i = 0; i < MAX_FAILURES; i++) expect(await attempt(browser, email, `wrong-${i}`, ip)).toBe(BAD);
  expect(await attempt(browser, email, password, ip)).toMatch(THROTTLED);
  expect(await attempt(browser, email, password, address())).toMatch(THROTTLED);
});

test("one client address is locked after four times as many failures, across accounts", async ({ browser }) => {
  test.setTimeout(120_000);
  const ip = address();
  for (let i = 0; i < MAX_FAILURES * 4; i++) expect(await attempt(browser, uniqueEmail(`spray${i}`), "guess", ip)).toBe(BAD);
  // Locked: even a correct password from that address; the account itself is not.
  expect(await attempt(browser, DEMO.clinician.email, DEMO.clinician.password, ip)).toMatch(THROTTLED);
  expect(await attempt(browser, DEMO.clinician.email, DEMO.clinician.password, address())).toBe("ok");
});

test("two tabs change the same rating: the later save is refused, shown the saved value, and may overwrite it", async ({ browser }) => {
  const audit = `E2E two tabs ${Date.now()}`;
  await createOpenAudit(browser, { name: audit, dataset: OBGYN, size: 1, clinicians: [2] });
  const context = await browser.newContext(); // one browser, two tabs: shared cookies and storage
  const [first, second] = [await context.newPage(), await context.newPage()];
  await signIn(first, "clinician2@demo.clinaudit", DEMO.clinician.password);
  await expect(first).toHaveURL(/\/review$/);
  await first.locator("section", { has: first.getByRole("heading", { name: audit }) }).getByRole("link", { name: /Next unrated/ }).click();
  await expect(first).toHaveURL(/\/review\/[^/]+$/);
  await second.goto(first.url());
  for (const tab of [first, second]) await waitForShortcuts(tab);
  const gold = (tab: typeof first) => tab.getByRole("group", { name: "Gold-answer correctness" });

  await first.keyboard.press("1"); // Correct
  await expect(gold(first).getByText(/^Saved \d/)).toBeVisible();
  await second.keyboard.press("2"); // Incorrect, on a page that never saw "Correct"
  await expect(gold(second).getByText("Changed in another tab or window — showing the latest saved value.")).toBeVisible();
  await expect(gold(second).locator('input[value="correct"]')).toBeChecked();

  await gold(second).getByRole("button", { name: /Use my version/ }).click();
  await expect(gold(second).getByText(/^Saved \d/)).toBeVisible();
  await expect(gold(second).locator('input[value="incorrect"]')).toBeChecked();
  await first.reload();
  await expect(gold(first).locator('input[value="incorrect"]')).toBeChecked();
  await context.close();
});
