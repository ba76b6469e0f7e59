import { expect, test, type Page } from "@playwright/test";
import { signInAs, waitForShortcuts } from "./support/users";

// The script policy is nonce-based: a fresh nonce per response, on every script Next emits,
// and the app still hydrates and works with no violation reported by the browser.

function scriptSrc(csp: string | undefined) {
  return (
    csp
      ?.split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? ""
  );
}

function collectViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("every page response carries a fresh nonce that all its scripts use", async ({ request }) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get("/login");
    const policy = scriptSrc(response.headers()["content-security-policy"]);
    expect(policy).not.toContain("'unsafe-inline'");
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    nonces.push(nonce!);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("the app hydrates under the policy: sign-in and a case page work with no violation", async ({ page }) => {
  const violations = collectViolations(page);
  await signInAs(page, "clinician");
  await page.locator('a[href^="/review/"]').first().click();
  await waitForShortcuts(page);
  expect(violations).toEqual([]);
  // Markup injected the way stored XSS would arrive: its inline handler is refused.
  const ran = await page.evaluate(async () => {
    document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onerror="window.__injected = true">`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
