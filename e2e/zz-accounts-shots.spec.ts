import { test } from "@playwright/test";
import { newPage } from "./support/audits";
import { signIn, signInAs, uniqueEmail } from "./support/users";

test.describe.configure({ timeout: 400_000 });

test("screenshots", async ({ browser }) => {
  const admin = await newPage(browser);
  await admin.setViewportSize({ width: 1440, height: 900 });
  await signInAs(admin, "admin");
  await admin.goto("/admin/invitations");
  await admin.getByLabel("Email (optional)").fill("new.resident@example.org");
  await admin.getByLabel("Name (optional)").fill("Dr. Amina Yusuf");
  await admin.getByRole("button", { name: "Create link" }).click();
  const link = (await admin.getByTestId("invitation-link").textContent())!.trim();
  await admin.screenshot({ path: "/tmp/accounts-shots/admin-invitations-1440-en.png", fullPage: true });

  const users: Record<string, { email: string; password: string }> = {};
  for (const locale of ["en", "zh-CN"]) {
    await admin.goto("/admin/users");
    const email = uniqueEmail(`shot-${locale}`);
    await admin.getByLabel("Email").fill(email);
    await admin.getByLabel("Full name").fill(locale === "en" ? "Dr. Jonas Berg" : "李明");
    await admin.getByRole("button", { name: "Add user" }).click();
    users[locale] = { email, password: (await admin.getByTestId("temporary-password").textContent())!.trim() };
  }
  await admin.screenshot({ path: "/tmp/accounts-shots/admin-users-1440-en.png", fullPage: true });

  for (const locale of ["en", "zh-CN"]) {
    const forced = await newPage(browser);
    await signIn(forced, users[locale]!.email, users[locale]!.password);
    await forced.waitForURL(/change-password/);
    for (const [w, h] of [[1280, 800], [1440, 900]] as const) {
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      await context.addCookies([{ name: "clinaudit-locale", value: locale, url: "http://localhost:3400" }, ...(await forced.context().cookies())]);
      const page = await context.newPage();
      await page.goto("/change-password");
      await page.screenshot({ path: `/tmp/accounts-shots/forced-${w}-${locale}.png` });
      await page.goto(link);
      await page.screenshot({ path: `/tmp/accounts-shots/invite-${w}-${locale}.png` });
      await context.close();
    }
  }
  // A used link, in both languages.
  const used = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const p = await used.newPage();
  await p.goto(`${link.slice(0, -2)}zz`);
  await p.screenshot({ path: "/tmp/accounts-shots/invite-invalid-1280-en.png" });
  await used.addCookies([{ name: "clinaudit-locale", value: "zh-CN", url: "http://localhost:3400" }]);
  await p.reload();
  await p.screenshot({ path: "/tmp/accounts-shots/invite-invalid-1280-zh-CN.png" });
});
