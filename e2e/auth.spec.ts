import { expect, test } from "@playwright/test";
import { addClinician, chooseOwnPassword, DEMO, signIn, signInAs, signOut, uniqueEmail } from "./support/users";

test("an unauthenticated visitor is sent to the sign-in page", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await expect(page.getByRole("heading", { name: "Sign in to ClinAudit" })).toBeVisible();
});

test("a wrong password gets a generic message and no session", async ({ page }) => {
  await signIn(page, DEMO.clinician.email, "not-the-password");
  await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password.");
  await signIn(page, "nobody@example.org", "whatever-password");
  await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password.");
  await page.goto("/review");
  await expect(page).toHaveURL(/\/login/);
});

for (const who of ["admin", "organizer", "clinician"] as const) {
  test(`the ${who} signs in, sees their role and signs out`, async ({ page }) => {
    await signInAs(page, who);
    await expect(page.getByRole("banner").getByText(DEMO[who].role, { exact: true })).toBeVisible();
    await signOut(page);
    await page.goto(DEMO[who].home);
    await expect(page).toHaveURL(/\/login/);
  });
}

test("a clinician cannot open admin or organizer pages", async ({ page }) => {
  await signInAs(page, "clinician");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["My reviews"]);
  for (const path of ["/admin/users", "/audits", "/datasets"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  }
});

test("an organizer cannot open the admin pages", async ({ page }) => {
  await signInAs(page, "organizer");
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(403);
});

test("an admin creates a user who can then sign in; deactivation locks them out", async ({ page, browser }) => {
  const email = uniqueEmail("resident");
  await signInAs(page, "admin");
  const password = await addClinician(page, email, "Dr. New Resident");
  expect(password).toMatch(/^([A-Za-z2-9]{4}-){3}[A-Za-z2-9]{4}$/);
  await expect(page.getByTestId(`user-row-${email}`)).toContainText("Clinician");

  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await signIn(newcomer, email, password);
  // The admin's password is temporary: replaced first, then the app.
  await chooseOwnPassword(newcomer, "resident-own-password", /\/$|\/review$/);
  await expect(newcomer).toHaveURL(/\/review$/);
  await expect(newcomer.getByTestId("current-user")).toHaveText("Dr. New Resident");

  // Deactivating ends the open session at the next request, and blocks new sign-ins.
  await page.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(page.getByTestId(`user-row-${email}`)).toContainText("Deactivated");
  await newcomer.goto("/review");
  await expect(newcomer).toHaveURL(/\/login/);
  await signIn(newcomer, email, "resident-own-password");
  await expect(newcomer.getByTestId("login-error")).toHaveText("Invalid email or password.");
  await other.close();
});

test("repeated failures are throttled", async ({ page }) => {
  const email = uniqueEmail("throttle");
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `wrong-${i}`);
    await expect(page.getByTestId("login-error")).toHaveText("Invalid email or password.");
  }
  await signIn(page, email, "wrong-again");
  await expect(page.getByTestId("login-error")).toContainText("Too many failed sign-in attempts");
});

test("the admin sees the audit trail of user changes and exports it", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/admin/audit-trail?q=user.");
  await expect(page.getByRole("table", { name: "Audit trail" })).toContainText("user.create");
  const csv = await (await page.request.get("/api/admin/audit-trail?q=user.")).text();
  expect(csv.split("\n")[0]).toBe("at,actor,action,entity,entity_id,before,after,entity_name,names");
  expect(csv).toContain(",user.create,User,");
});

// Issue 16, finding 1: each of these used to leave the site after sign-in.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const REDIRECTS = [
  "/.//evil.example/x",
  "/..//evil.example/x",
  "/x/..//evil.example/x",
  "/%2e//evil.example/x",
  `http://localhost:${PORT}//evil.example`,
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
];

test("signing in with an open-redirect payload as callbackUrl stays on the site", async ({ page }) => {
  test.setTimeout(120_000);
  for (const payload of REDIRECTS) {
    await page.context().clearCookies();
    await page.goto(`/login?callbackUrl=${encodeURIComponent(payload)}`);
    await page.getByLabel("Email").fill(DEMO.clinician.email);
    await page.getByLabel("Password").fill(DEMO.clinician.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page, payload).toHaveURL(new RegExp(`^http://localhost:${PORT}${DEMO.clinician.home}$`));
  }
  // A genuine destination on the site is still honoured.
  await page.context().clearCookies();
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/review?from=mail")}`);
  await page.getByLabel("Email").fill(DEMO.clinician.email);
  await page.getByLabel("Password").fill(DEMO.clinician.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${PORT}/review\\?from=mail$`));
});
