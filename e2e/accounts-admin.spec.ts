import { expect, test, type Page } from "@playwright/test";
import { newPage } from "./support/audits";
import { chooseOwnPassword, DEMO, signIn, uniqueEmail } from "./support/users";

// Issue 15's admin flows as people use them: a temporary password is replaced before anything
// else (pages, routes), an invitation link is shown once, used once in a fresh browser, and the
// audit trail names the people involved.

// Long flows of several browsers, each sign-in an argon2 hash on a shared machine.
test.describe.configure({ timeout: 180_000 });

// Each sign-in hashes (argon2) and loads the app afresh: on a loaded machine that can take
// longer than the default five seconds.
const slow = expect.configure({ timeout: 20_000 });

async function signInAs(page: Page, who: keyof typeof DEMO) {
  await signIn(page, DEMO[who].email, DEMO[who].password);
  await slow(page).toHaveURL(new RegExp(`${DEMO[who].home}$`));
}

async function addUser(admin: Page, email: string, name: string, role: "ADMIN" | "CLINICIAN") {
  await admin.goto("/admin/users");
  await admin.getByLabel("Email").fill(email);
  await admin.getByLabel("Full name").fill(name);
  await admin.getByLabel("Role", { exact: true }).selectOption(role);
  await admin.getByRole("button", { name: "Add user" }).click();
  return (await admin.getByTestId("temporary-password").textContent())?.trim() ?? "";
}

test("a temporary password opens nothing but the change screen, until it is replaced", async ({ browser }) => {
  const admin = await newPage(browser);
  await signInAs(admin, "admin");
  const email = uniqueEmail("forced");
  const temporary = await addUser(admin, email, "Dr. Forced Change", "ADMIN");
  await expect(admin.getByTestId(`user-row-${email}`)).toContainText("Temporary password");

  const user = await newPage(browser);
  await signIn(user, email, temporary);
  await slow(user).toHaveURL(/\/change-password$/);
  await expect(user.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  // No app header, and every page and route is closed, even those the role allows.
  await expect(user.getByTestId("current-user")).toHaveCount(0);
  for (const path of ["/admin/users", "/admin/audit-trail", "/account", "/"]) {
    await user.goto(path);
    await expect(user).toHaveURL(/\/change-password$/);
  }
  const route = await user.request.get("/api/admin/audit-trail");
  expect(route.status()).toBe(403);
  expect(await route.json()).toMatchObject({ error: "Change your temporary password first.", passwordMustChange: true });

  // The temporary password itself is refused as the new one.
  await user.getByLabel("New password", { exact: true }).fill(temporary);
  await user.getByLabel("New password again").fill(temporary);
  await user.getByRole("button", { name: "Set password and continue" }).click();
  await expect(user.getByText("That is the temporary password. Choose a new one.")).toBeVisible();
  await chooseOwnPassword(user, "forced-own-password", /\/admin\/users$/);
  await expect(user.getByTestId("current-user")).toHaveText("Dr. Forced Change");
  expect((await user.request.get("/api/admin/audit-trail?q=user.")).status()).toBe(200);
  await user.goto("/change-password");
  await expect(user).toHaveURL(/\/admin\/users$/);

  // The temporary password no longer signs in; the new one does, straight to the app.
  const again = await newPage(browser);
  await signIn(again, email, temporary);
  await expect(again.getByTestId("login-error")).toHaveText("Invalid email or password.");
  await signIn(again, email, "forced-own-password");
  await slow(again).toHaveURL(/\/admin\/users$/);
  await expect(admin.getByTestId(`user-row-${email}`)).toBeVisible();
  await admin.reload();
  await expect(admin.getByTestId(`user-row-${email}`)).not.toContainText("Temporary password");

  // The trail names the person, not their id.
  await admin.goto("/admin/audit-trail?q=user.replace-temporary-password");
  const row = admin.getByRole("row", { name: /Temporary password replaced/ }).first();
  await expect(row).toContainText(`Dr. Forced Change <${email}>`);
});

test("an invitation link is shown once, creates one account in a new browser, and is refused after", async ({ browser }) => {
  const admin = await newPage(browser);
  await signInAs(admin, "admin");
  await admin.goto("/admin/users");
  await admin.getByRole("link", { name: "Invitation links" }).click();
  await expect(admin).toHaveURL(/\/admin\/invitations$/);
  const email = uniqueEmail("invited");
  await admin.getByLabel("Role", { exact: true }).selectOption("CLINICIAN");
  await expect(admin.getByLabel("Valid for")).toHaveValue("72");
  await admin.getByLabel("Email (optional)").fill(email);
  await admin.getByLabel("Name (optional)").fill("Dr. Invited Person");
  await admin.getByRole("button", { name: "Create link" }).click();
  const link = (await admin.getByTestId("invitation-link").textContent())?.trim() ?? "";
  expect(link).toMatch(/\/invite\/[a-z0-9]+\.[A-Za-z0-9_-]{43}$/);
  await expect(admin.getByRole("button", { name: "Copy" })).toBeVisible();
  // Shown once: after a reload the page lists the invitation but not its link.
  await admin.reload();
  await expect(admin.getByTestId("invitation-link")).toHaveCount(0);
  expect(await admin.content()).not.toContain(link.split(".").at(-1)!);
  await expect(admin.getByRole("row", { name: /Dr\. Invited Person/ })).toContainText("Open");

  const invitee = await newPage(browser);
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Create your ClinAudit account" })).toBeVisible();
  await expect(invitee.getByText(/invited as Clinician/)).toBeVisible();
  await expect(invitee.getByTestId("invitation-email")).toHaveText(email);
  await expect(invitee.getByLabel("Full name")).toHaveValue("Dr. Invited Person");
  await invitee.getByLabel("Full name").fill("Dr. Invited Person-Smith");
  await invitee.getByLabel("New password", { exact: true }).fill("invitee-own-password");
  await invitee.getByLabel("New password again").fill("invitee-own-password");
  await invitee.getByRole("button", { name: "Create account" }).click();
  await slow(invitee).toHaveURL(/\/review$/);
  await expect(invitee.getByTestId("current-user")).toHaveText("Dr. Invited Person-Smith");

  // The same link again, from yet another browser: a calm refusal, no form.
  const second = await newPage(browser);
  await second.goto(link);
  await expect(second.getByRole("heading", { name: "This invitation was used" })).toBeVisible();
  await expect(second.getByLabel("New password", { exact: true })).toHaveCount(0);
  // A mangled link says it does not work.
  await second.goto(`${link.slice(0, -3)}xyz`);
  await expect(second.getByRole("heading", { name: "This link does not work" })).toBeVisible();

  // The account signs in again with its own password.
  const later = await newPage(browser);
  await signIn(later, email, "invitee-own-password");
  await slow(later).toHaveURL(/\/review$/);

  await admin.reload();
  await expect(admin.getByRole("row", { name: /Dr\. Invited Person/ }).first()).toContainText("Used");
  await expect(admin.getByRole("row", { name: /Dr\. Invited Person/ }).first()).toContainText(`Dr. Invited Person-Smith <${email}>`);

  // The trail names the invitation and the account, with the ids kept in the tooltip.
  await admin.goto("/admin/audit-trail?q=invitation.");
  const accepted = admin.getByRole("row", { name: /Invitation accepted/ }).first();
  await expect(accepted).toContainText(`Dr. Invited Person-Smith <${email}>`);
  await expect(admin.getByRole("row", { name: /Invitation link created/ }).first()).toContainText("for Dr. Invited Person");
});

test("a revoked invitation's link says so; only admins manage invitations", async ({ browser }) => {
  const organizer = await newPage(browser);
  await signInAs(organizer, "organizer");
  expect((await organizer.goto("/admin/invitations"))?.status()).toBe(403);

  const admin = await newPage(browser);
  await signInAs(admin, "admin");
  await admin.goto("/admin/invitations");
  await admin.getByLabel("Role", { exact: true }).selectOption("ORGANIZER");
  await admin.getByLabel("Name (optional)").fill("Revoked Organizer");
  await admin.getByRole("button", { name: "Create link" }).click();
  const link = (await admin.getByTestId("invitation-link").textContent())?.trim() ?? "";
  // The confirmation starts on Cancel (the destructive answer is never the default); Escape
  // cancels and gives focus back to the button that asked.
  const revoke = admin.getByRole("button", { name: "Revoke the invitation for Revoked Organizer" }).first();
  await revoke.click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText("Revoke the invitation for Revoked Organizer? Its link stops working at once.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await admin.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(revoke).toBeFocused();
  await expect(admin.getByRole("row", { name: /Revoked Organizer/ }).first()).toContainText("Open");
  await revoke.click();
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(admin.getByRole("row", { name: /Revoked Organizer/ }).first()).toContainText("Withdrawn");

  const visitor = await newPage(browser);
  await visitor.goto(link);
  // (Signed out: the link needs no account.)
  await expect(visitor.getByRole("heading", { name: "This invitation was withdrawn" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Go to sign-in" })).toBeVisible();
});
