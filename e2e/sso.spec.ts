// Single sign-on through a real OpenID provider (e2e/support/test-idp.mjs, started by
// playwright.config.ts before the app): its own login pages, its ID tokens, the app's
// authorization-code flow with PKCE and state. The tests run in order: each builds on the
// settings the one before saved, and the last turns password sign-in back on for other specs.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkA11y } from "./support/axe";
import { DEMO, signInAs } from "./support/users";

// Each SSO round trip is several page loads on two servers: slow on a loaded machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const SSO_BUTTON = { name: "Sign in with Hospital ID" };

/** At the IdP's own login page: its login field takes the person's login name. */
async function loginAtIdp(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

/** Signs in through SSO in a browser of its own (no IdP session carried over). */
async function ssoSignIn(browser: Browser, login: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", SSO_BUTTON).click();
  await loginAtIdp(page, login);
  return page;
}

async function openSsoSettings(page: Page) {
  await page.goto("/admin/sso");
  await expect(page.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
}

test("the sign-in page offers SSO beside the password form, by keyboard; an unknown user is told to ask", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Password")).toBeVisible();
  // The SSO button comes just before the form: one Shift+Tab from the focused email field.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", SSO_BUTTON)).toBeFocused();
  await page.keyboard.press("Enter");
  await loginAtIdp(page, "ng");
  await expect(page).toHaveURL(/\/login\?error=SsoUnknown$/);
  await expect(
    page.getByText("You signed in with Hospital ID, but there is no ClinAudit account for you yet. Ask your administrator to add you."),
  ).toBeVisible();
  // Calm: the form is still there for those who have a password.
  await expect(page.getByLabel("Email")).toBeVisible();
  await checkA11y(page, "/login with an SSO refusal");
});

test("an email the IdP has not verified does not open the account that has it", async ({ browser }) => {
  const page = await ssoSignIn(browser, "lee");
  await expect(page).toHaveURL(/\/login\?error=SsoUnverified$/);
  await expect(page.getByText("Hospital ID has not verified the email address of your account")).toBeVisible();
  await page.context().close();
});

test("password sign-in cannot be turned off before an admin has signed in with SSO", async ({ page }) => {
  await signInAs(page, "admin");
  await openSsoSettings(page);
  await expect(page.getByTestId("sso-fact-Callback URL to register")).toHaveText(/^http:\/\/localhost:\d+\/api\/auth\/callback\/oidc$/);
  await checkA11y(page, "/admin/sso");
  await page.getByLabel("Allow password sign-in").uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("sso-settings-message")).toContainText(
    "Password sign-in stays on: no active admin has signed in with single sign-on yet",
  );
  await page.reload();
  await expect(page.getByLabel("Allow password sign-in")).toBeChecked();
});

test("with provisioning on, an unknown user is created with the mapped role; deactivated, they cannot get back in", async ({
  page,
  browser,
}) => {
  await signInAs(page, "admin");
  await openSsoSettings(page);
  await page.getByLabel("Create accounts for unknown users at their first sign-in").check();
  await page.getByLabel("Role mapping").fill("clinaudit-organizers=SURGEON");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText('Role mapping: entry 1 "clinaudit-organizers=SURGEON" must be')).toBeVisible();
  await page.getByLabel("Role mapping").fill("clinaudit-organizers=ORGANIZER");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("sso-settings-message")).toHaveText("Settings saved.");

  const ng = await ssoSignIn(browser, "ng");
  await expect(ng).toHaveURL(/\/audits$/);
  await expect(ng.getByTestId("current-user")).toHaveText("Nurse Ng");
  await expect(ng.getByRole("banner").getByText("Organizer", { exact: true })).toBeVisible();

  await page.goto("/admin/audit-trail?q=sso.provision");
  await expect(page.getByText("sso.provision").first()).toBeVisible();

  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Deactivate ng@hospital.test" }).click();
  await expect(page.getByTestId("user-row-ng@hospital.test")).toContainText("Deactivated");
  // Their open session ends, and the IdP cannot bring them back.
  await ng.reload();
  await expect(ng).toHaveURL(/\/login/);
  await ng.context().close();
  const again = await ssoSignIn(browser, "ng");
  await expect(again).toHaveURL(/\/login\?error=SsoDeactivated$/);
  await expect(again.getByText("Your ClinAudit account is deactivated. Ask your administrator.")).toBeVisible();
  await again.context().close();
});

test("an admin linked by verified email keeps ClinAudit's role, can turn password sign-in off, and the server refuses passwords", async ({
  browser,
}) => {
  // A clinician's password session, open before the form is turned off.
  const clinician = await (await browser.newContext()).newPage();
  await signInAs(clinician, "clinician");
  // The IdP puts root in the organizers' group; the account is ClinAudit's admin and stays one.
  const admin = await ssoSignIn(browser, "root");
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await expect(admin.getByRole("banner").getByText("Admin", { exact: true })).toBeVisible();
  await openSsoSettings(admin);
  await expect(admin.getByTestId("sso-fact-Active admins who have signed in with SSO")).toHaveText("1");
  await admin.getByLabel("Allow password sign-in").uncheck();
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByTestId("sso-settings-message")).toHaveText("Settings saved.");

  try {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto("/login");
    await expect(visitor.getByRole("button", SSO_BUTTON)).toBeFocused();
    await expect(visitor.getByLabel("Email")).toHaveCount(0);
    await expect(visitor.getByLabel("Password")).toHaveCount(0);
    await expect(visitor.getByText("Password sign-in is turned off. Sign in with Hospital ID.")).toBeVisible();
    await checkA11y(visitor, "/login with password sign-in off");

    // The form is gone, and the route behind it refuses the right password too.
    const { csrfToken } = await (await visitor.request.get("/api/auth/csrf")).json();
    const response = await visitor.request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: DEMO.admin.email, password: DEMO.admin.password, json: "true" },
    });
    expect(decodeURIComponent((await response.json()).url)).toContain("error=Password sign-in is turned off.");
    expect(response.headers()["set-cookie"] ?? "").not.toMatch(/next-auth\.session-token=[^;]/);
    expect(await (await visitor.request.get("/api/auth/session")).json()).toEqual({});
    await visitor.context().close();

    // Password sessions end with the form; the admin's SSO session goes on.
    await clinician.reload();
    await expect(clinician).toHaveURL(/\/login/);
    await clinician.context().close();

    // An invitation asks no password now: the account is made, and SSO with its email opens it.
    await admin.goto("/admin/invitations");
    await admin.getByLabel("Role", { exact: true }).selectOption("CLINICIAN");
    await admin.getByLabel("Email (optional)").fill("kim@hospital.test");
    await admin.getByRole("button", { name: "Create link" }).click();
    const link = (await admin.getByTestId("invitation-link").textContent())?.trim() ?? "";
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee.getByTestId("invitation-sso")).toContainText("This site signs in with Hospital ID");
    await expect(invitee.getByLabel("New password", { exact: true })).toHaveCount(0);
    await invitee.getByLabel("Full name").fill("Dr. Kim");
    await invitee.getByRole("button", { name: "Create account" }).click();
    await expect(invitee.getByRole("status")).toHaveText("Your account is ready. Sign in with Hospital ID as kim@hospital.test.");
    await invitee.getByRole("button", SSO_BUTTON).click();
    await loginAtIdp(invitee, "kim");
    await expect(invitee).toHaveURL(/\/review$/);
    await expect(invitee.getByTestId("current-user")).toHaveText("Dr. Kim");
    await invitee.context().close();
  } finally {
    // Other specs sign in with passwords.
    await openSsoSettings(admin);
    await admin.getByLabel("Allow password sign-in").check();
    await admin.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.getByTestId("sso-settings-message")).toHaveText("Settings saved.");
    await admin.context().close();
  }
});
