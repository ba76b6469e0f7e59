import { expect, test } from "@playwright/test";
import { newPage } from "./support/audits";
import { addClinician, chooseOwnPassword, signIn, signInAs, uniqueEmail } from "./support/users";

// An admin adds a clinician; the clinician replaces the temporary password (forced), then
// changes their own by keyboard; the
// admin makes them an organizer, which ends their session; they sign in again as an organizer.
test("own password change and an admin's role change", async ({ browser }) => {
  const admin = await newPage(browser);
  await signInAs(admin, "admin");
  const email = uniqueEmail("account");
  const temporary = await addClinician(admin, email, "Account Tester");
  expect(temporary.length).toBeGreaterThan(11);

  const user = await newPage(browser);
  await signIn(user, email, temporary);
  // First the forced change of the admin's temporary password, then the self-service one.
  await chooseOwnPassword(user, "first-own-password", /\/review$/);
  await user.getByTestId("current-user").click();
  await expect(user.getByRole("heading", { name: "Change your password" })).toBeVisible();
  await user.getByLabel("Current password").fill("not-the-password");
  await user.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await user.getByLabel("New password again").fill("a-brand-new-password");
  await user.keyboard.press("Enter");
  await expect(user.getByText("The current password is not right. Nothing was changed.")).toBeVisible();
  await user.getByLabel("Current password").fill("first-own-password");
  await user.keyboard.press("Enter");
  await expect(user).toHaveURL(/\/login/);
  await signIn(user, email, "first-own-password");
  await expect(user.getByText("Invalid email or password.")).toBeVisible();
  await signIn(user, email, "a-brand-new-password");
  await expect(user).toHaveURL(/\/review$/);

  await admin.reload();
  // A role change waits for its confirmation; Escape cancels it, the select keeps the stored role
  // and gets focus back.
  const roleSelect = admin.getByLabel(`Role of ${email}`);
  const roleDialog = admin.getByRole("alertdialog");
  const stored = await roleSelect.inputValue();
  await roleSelect.selectOption("ADMIN");
  await expect(roleDialog).toContainText(`Make ${email} a Admin?`);
  await admin.keyboard.press("Escape");
  await expect(roleDialog).toHaveCount(0);
  await expect(roleSelect).toHaveValue(stored);
  await expect(roleSelect).toBeFocused();
  await roleSelect.selectOption("ORGANIZER");
  await expect(roleDialog).toContainText(`Make ${email} a Organizer?`);
  await roleDialog.getByRole("button", { name: "Change role" }).click();
  await expect(admin.getByTestId(`user-row-${email}`).getByLabel(`Role of ${email}`)).toHaveValue("ORGANIZER");
  const trail = await newPage(browser);
  await signInAs(trail, "admin");
  await trail.goto("/admin/audit-trail");
  await expect(trail.getByText("Role changed").first()).toBeVisible();

  // The old session is over: the next page asks for sign-in, and the new role applies after it.
  await user.goto("/review");
  await expect(user).toHaveURL(/\/login/);
  await signIn(user, email, "a-brand-new-password");
  await expect(user).toHaveURL(/\/audits$/);
});
