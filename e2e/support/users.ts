import { expect, type Page } from "@playwright/test";

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

export async function signInAs(page: Page, who: keyof typeof DEMO) {
  const user = DEMO[who];
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(new RegExp(`${user.home}$`));
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
