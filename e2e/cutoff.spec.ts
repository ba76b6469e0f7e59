import { expect, test, type Page } from "@playwright/test";
import { generateEhrBundle } from "../lib/synth/ehr/generate";
import { signInAs } from "./support/users";

// The demo dataset is generated from this seed at first start (lib/server/setup/demo-data.ts).
const { bundle } = generateEhrBundle({ seed: 2026, size: "demo" });

/** Records of the patient dated after the instance's cutoff: none of them may reach the page. */
function laterEventIds(instanceId: string): { visible: string[]; hidden: string[] } {
  const instance = bundle.instances.find((i) => i.instance_id === instanceId)!;
  const patient = bundle.patients.find((p) => p.patient_id === instance.patient_id)!;
  const cutoff = instance.cutoff.time;
  return {
    visible: patient.events.filter((e) => e.time <= cutoff).map((e) => e.event_id),
    hidden: patient.events.filter((e) => e.time > cutoff).map((e) => e.event_id),
  };
}

/**
 * Everything the browser receives for a page: the HTML and every later response body, except the
 * other case pages it prefetches (other patients' cases, or this patient's earlier ones: they
 * hold their own patient's records under the same per-patient event ids; case-prefetch.test.ts
 * checks that no case past this cutoff is prefetched).
 */
async function bodiesOf(page: Page, url: string): Promise<string> {
  const bodies: Promise<string>[] = [];
  const own = new URL(url, "http://x").pathname;
  const otherCase = (u: string) => {
    const path = new URL(u).pathname;
    return /^\/review\/[^/]+$/.test(path) && path !== own;
  };
  const onResponse = (r: { text: () => Promise<string>; url: () => string }) => {
    if (!otherCase(r.url())) bodies.push(r.text().catch(() => ""));
  };
  page.on("response", onResponse);
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  return (await Promise.all(bodies)).join("\n");
}

/** The document of a page as the signed-in browser would get it, without loading it. */
async function documentOf(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

/** Pages opened in the browser with every later response; the others by their document alone. */
const IN_BROWSER = 3;
const received = (page: Page, url: string, index: number) => (index < IN_BROWSER ? bodiesOf(page, url) : documentOf(page, url));

test("no record dated after an item's cutoff reaches any item page of the demo dataset", async ({ page }) => {
  // All 36 item pages. Their documents are fetched with the page's session and no rendering (the
  // record travels inside the document); the first IN_BROWSER are also opened in the browser with every
  // later response, as the clinician's pages below are.
  test.setTimeout(120_000);
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  await page.getByRole("link", { name: /ObGyn decision points/ }).click();
  await expect(page).toHaveURL(/\/datasets\/[^/]+$/);
  await page.goto(`${page.url()}?size=100`);
  const links = page.locator("table a[href*='/items/']");
  await expect(links.first()).toBeVisible();
  const items = await links.evaluateAll((as) =>
    as.map((a) => ({ href: (a as HTMLAnchorElement).getAttribute("href")!, id: a.textContent!.trim() })),
  );
  expect(items.length).toBe(bundle.instances.length);
  let hiddenChecked = 0;
  for (const [i, item] of items.entries()) {
    const { visible, hidden } = laterEventIds(item.id);
    const body = await received(page, item.href, i);
    for (const id of hidden) expect(body, `${item.id}: ${id} is after the cutoff`).not.toMatch(new RegExp(`\\b${id}\\b`));
    expect(body, `${item.id}: the last pre-cutoff record is shown`).toMatch(new RegExp(`\\b${visible.at(-1)}\\b`));
    hiddenChecked += hidden.length;
  }
  expect(hiddenChecked).toBeGreaterThan(1000);
});

test("a clinician's case pages of the demo audit carry nothing after the cutoff", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "clinician");
  const section = page.locator("section", { hasText: "Demo audit" });
  const links = section.locator("table a[href^='/review/']");
  const items = await links.evaluateAll((as) =>
    as.map((a) => ({ href: (a as HTMLAnchorElement).getAttribute("href")!, id: a.textContent!.trim() })),
  );
  expect(items.length).toBe(12);
  for (const [i, item] of items.entries()) {
    const { visible, hidden } = laterEventIds(item.id);
    const body = await received(page, item.href, i);
    for (const id of hidden) expect(body, `${item.id}: ${id}`).not.toMatch(new RegExp(`\\b${id}\\b`));
    // Not vacuous: the record up to the cutoff is there.
    expect(body, `${item.id}: the last pre-cutoff record is sent`).toMatch(new RegExp(`\\b${visible.at(-1)}\\b`));
  }
});
