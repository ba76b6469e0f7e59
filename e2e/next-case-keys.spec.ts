import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { OBGYN, signIn, waitForShortcuts } from "./support/users";

// Issue #35: after `n` the next case (prefetched) takes its rating keys in the first frame that
// shows it, a conversation (notes viewer) as a decision point (record viewer): no frame with the
// new rating bar on screen and its keys dead. A key pressed right after `n` rates the new case, and
// `/` still goes to its record's search box. A decision point opens its record at the cutoff day.
const NOTES = "Discharge-summary conversations (synthetic demo) v1 (66 items)";
const STAMP = Date.now();
const CLINICIAN = "clinician2@demo.clinaudit";
const PASSWORD = "demo-clinician-2026";
const AUDITS = [
  { kind: "decision point", name: `E2E next keys MCQ ${STAMP}`, dataset: OBGYN, seed: "next-keys-1" },
  { kind: "conversation", name: `E2E next keys notes ${STAMP}`, dataset: NOTES, seed: "next-keys-2" },
];

test.describe.configure({ mode: "serial" });

/** Watches every frame from the `n` keydown on; resolves with what the first frames showing the next case's bar held. */
const WATCH = `new Promise((resolve) => {
  const old = document.querySelector("[data-testid=rating-bar]");
  const frames = [];
  const frame = () => {
    const bar = document.querySelector("[data-testid=rating-bar]");
    if (bar && bar !== old) frames.push({ keys: bar.hasAttribute("data-keys-ready"), rated: bar.querySelector("fieldset label[data-checked]") !== null });
    if (frames.length >= 3) resolve(frames);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/**
 * Case pages the router asked for (RSC GETs, prefetches included), by path. Asked, not answered:
 * the router may cancel a prefetch's response once it has what it keeps (the browser reports it
 * aborted), and a response it cancelled never counts as finished.
 */
function caseRequests(page: Page) {
  const asked: string[] = [];
  const isCase = (r: Request) => r.method() === "GET" && r.headers().rsc === "1" && new URL(r.url()).pathname.startsWith("/review/");
  page.on("request", (r) => isCase(r) && asked.push(new URL(r.url()).pathname));
  return { asked };
}

async function openFirst(browser: Browser, audit: string) {
  const page = await newPage(browser);
  const requests = caseRequests(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, CLINICIAN, PASSWORD);
  await expect(page).toHaveURL(/\/review$/);
  const section = page.locator("section", { has: page.getByRole("heading", { name: audit }) });
  await section.locator("tbody tr a[href^='/review/']").first().click();
  await waitForShortcuts(page);
  return { page, requests };
}

test("setup: a decision-point audit and a conversation audit of three cases", async ({ browser }) => {
  for (const a of AUDITS) await createOpenAudit(browser, { name: a.name, dataset: a.dataset, size: 3, seed: a.seed, clinicians: [2] });
});

for (const a of AUDITS) {
  test(`${a.kind}: n and 1 at once, the next case's keys live in its first frame; / searches its record`, async ({ browser }) => {
    const { page, requests } = await openFirst(browser, a.name);
    const position = page.getByText(/^Item \d of 3$/);
    const shown = new Set<string>();
    for (const item of [2, 3]) {
      await page.keyboard.press("1");
      await waitUntilSaved(page);
      // The next case is prefetched while this one is read: a case not shown yet has been asked for.
      shown.add(new URL(page.url()).pathname);
      await expect.poll(() => requests.asked.some((p) => !shown.has(p))).toBe(true);
      await page.evaluate(`window.__frames = ${WATCH}; undefined`);
      await page.keyboard.press("n");
      await page.keyboard.press("1");
      const frames = (await page.evaluate("window.__frames")) as { keys: boolean; rated: boolean }[];
      expect(frames[0], `item ${item}: the first frame showing the new rating bar`).toEqual(expect.objectContaining({ keys: true }));
      await expect(position).toHaveText(`Item ${item} of 3`);
      await expect(page.getByTestId("rating-bar").locator("fieldset label[data-checked]")).toHaveCount(1);
      await waitUntilSaved(page);
    }
    const box = page.getByRole("search").getByRole("searchbox");
    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(box).not.toBeFocused();
    if (a.kind === "decision point") {
      // Opened (without a document load) at the cutoff: the date list's last day is the current one.
      const days = page.getByRole("navigation", { name: "Jump to date" }).locator("button");
      await expect(days.last()).toHaveAttribute("aria-current", "true");
    }
    await page.context().close();
  });
}
