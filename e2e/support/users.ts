import { type Cookie, expect, type Page } from "@playwright/test";

// The demo accounts the start script seeds in demo mode (lib/server/setup/demo-users.ts).
export const DEMO = {
  admin: { email: "admin@demo.clinaudit", password: "demo-admin-2026", role: "Admin", home: "/admin/users" },
  organizer: { email: "organizer@demo.clinaudit", password: "demo-organizer-2026", role: "Organizer", home: "/audits" },
  clinician: { email: "clinician1@demo.clinaudit", password: "demo-clinician-2026", role: "Clinician", home: "/review" },
} as const;

/** Signs in through the real form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The session cookies of each demo user's first sign-in in this worker, reused by later flows. */
const kept = new Map<keyof typeof DEMO, Cookie[]>();

/**
 * Signs a demo user in as a flow's setup, then opens the role's home. The first time in a worker
 * it posts to the same credentials callback the form posts to (CSRF token, throttle, session
 * cookie in this page's context) without loading and filling the form; later it puts that
 * session's cookies into the page's context, and signs in afresh only when the server no longer
 * takes them (the user's sessions ended, a role or password changed: the home redirects to the
 * sign-in page). The form itself is exercised by e2e/auth.spec.ts and every flow that calls
 * `signIn`; flows about sessions and throttling make their own.
 */
export async function signInAs(page: Page, who: keyof typeof DEMO) {
  const user = DEMO[who];
  const cookies = kept.get(who);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(user.home);
    if (new URL(page.url()).pathname === user.home) return;
    kept.delete(who);
    await page.context().clearCookies();
  }
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const answer = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    maxRedirects: 0,
  });
  // next-auth answers JSON with the URL it would go to; a refusal carries `error=` in it.
  const { url } = (await answer.json()) as { url?: string };
  expect(url ?? "", `signing in as ${who}`).not.toContain("error=");
  await page.goto(user.home);
  await expect(page).toHaveURL(new RegExp(`${user.home}$`));
  kept.set(
    who,
    (await page.context().cookies()).filter((c) => c.name.includes("next-auth.session-token")),
  );
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** On the admin's user page: adds a clinician and returns the temporary password shown once. */
export async function addClinician(adminPage: Page, email: string, name: string): Promise<string> {
  await adminPage.getByLabel("Email").fill(email);
  await adminPage.getByLabel("Full name").fill(name);
  await adminPage.getByLabel("Role", { exact: true }).selectOption("CLINICIAN");
  await adminPage.getByRole("button", { name: "Add user" }).click();
  return (await adminPage.getByTestId("temporary-password").textContent())?.trim() ?? "";
}

/**
 * The forced change after a first sign-in with a temporary password (an admin's): chooses
 * `password` and waits until the app is reached at `home`.
 */
export async function chooseOwnPassword(page: Page, password: string, home: RegExp) {
  await expect(page).toHaveURL(/\/change-password$/, { timeout: 20_000 });
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password and continue" }).click();
  // A hash, a fresh sign-in and a full page load.
  await expect(page).toHaveURL(home, { timeout: 20_000 });
}

/** A fresh address for each run, so specs never collide with earlier data. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** Waits until the case page's keyboard shortcuts are live (after hydration). */
export async function waitForShortcuts(page: Page) {
  await expect(page.locator("section[data-keys-ready]")).toHaveCount(1);
}

/** The demo's decision-point dataset, as the new-audit form lists it. */
export const OBGYN = "ObGyn decision points (synthetic demo) v1 (36 items)";
