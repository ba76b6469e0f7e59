import { expect, test, type Locator, type Page } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { scrollSettled } from "./support/settle";
import { OBGYN, signIn, waitForShortcuts } from "./support/users";

// Issue #35: at the commonest laptop sizes (1280×800, 1366×768) a keyboard-only rater sees every
// option of every turn, the gold, each evidence entry and every rating control — on the screen
// and not under the pinned rating bar — either at once or after the documented keys: PgDn for
// the case column, "]" for the next dimension, Tab for the evidence links. The window itself
// never scrolls, not even when "show in record" moves the record.
const NOTES = "Discharge-summary conversations (synthetic demo) v1 (66 items)";
const STAMP = Date.now();
const MCQ_AUDIT = `E2E reachable MCQ ${STAMP}`;
const NOTES_AUDIT = `E2E reachable notes ${STAMP}`;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];

test.describe.configure({ mode: "serial" });

/** On the screen and not covered: the element (or a child) is what is hit at its top, centre and bottom. */
async function seen(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return false;
    const x = r.left + r.width / 2;
    return [r.top + 2, r.top + r.height / 2, r.bottom - 2].every((y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === el || el.contains(hit));
    });
  });
}

/** Shown now, or after at most `max` presses of PgDn; the window never scrolls meanwhile. */
async function reach(page: Page, locator: Locator, what: string, max = 12) {
  for (let presses = 0; !(await seen(locator)); presses++) {
    expect(presses, `${what}: still hidden or covered after ${max} × PgDn`).toBeLessThan(max);
    await page.keyboard.press("PageDown");
  }
  await expect(locator, what).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY), `${what}: the window did not scroll`).toBe(0);
}

/** Each option in order (PgDn only goes down), the gold among them. */
async function reachOptions(page: Page, list: Locator, prefix: string) {
  const options = await list.locator("li").all();
  expect(options.length).toBeGreaterThanOrEqual(2);
  await expect(list.locator("li[data-gold]")).toHaveCount(1);
  for (const [i, option] of options.entries()) {
    const gold = (await option.getAttribute("data-gold")) !== null;
    await reach(page, option, `${prefix}option ${i + 1}${gold ? " (the gold)" : ""}`);
  }
}

/** Every fieldset of the rating bar, each in turn the active one ("]"), and "next item". */
async function reachRating(page: Page) {
  const bar = page.getByTestId("rating-bar");
  const fieldsets = await bar.locator("fieldset").all();
  expect(fieldsets.length).toBeGreaterThan(0);
  for (const [i, fieldset] of fieldsets.entries()) {
    if (i > 0) await page.keyboard.press("]");
    await expect.poll(() => seen(fieldset), `rating dimension ${i + 1} of ${fieldsets.length}`).toBe(true);
  }
  expect(await seen(bar.getByRole("link", { name: /next item/i })), "next item").toBe(true);
  expect(await page.evaluate(() => window.scrollY), "the window did not scroll").toBe(0);
}

async function openCase(page: Page, audit: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: audit }) });
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
  // The page is exactly the window: nothing below to scroll into.
  const { scrollable, inner } = await page.evaluate(() => ({
    scrollable: document.documentElement.scrollHeight,
    inner: window.innerHeight,
  }));
  expect(scrollable, "the page's height").toBeLessThanOrEqual(inner);
}

test("setup: a decision-point audit and a conversation audit", async ({ browser }) => {
  await createOpenAudit(browser, { name: MCQ_AUDIT, dataset: OBGYN, size: 1, seed: "reachable-1", clinicians: [1] });
  await createOpenAudit(browser, { name: NOTES_AUDIT, dataset: NOTES, size: 1, seed: "reachable-2", clinicians: [1] });
});

for (const viewport of SIZES) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`decision point at ${size}: every option, the gold, the evidence and the rating by keyboard`, async ({ browser }) => {
    const page = await newPage(browser);
    await openCase(page, MCQ_AUDIT, viewport);
    await reach(page, page.getByTestId("question"), "question");
    await reachOptions(page, page.getByTestId("options"), "");
    const evidence = await page.getByTestId("evidence").locator("li").all();
    expect(evidence.length).toBeGreaterThan(0);
    for (const [i, entry] of evidence.entries()) await reach(page, entry, `evidence entry ${i + 1}`);
    await reachRating(page);

    // Back to the top; Tab from the case column reaches the first evidence link above the bar.
    for (let i = 0; i < 12; i++) await page.keyboard.press("PageUp");
    await expect.poll(() => page.getByTestId("case-pane").evaluate((el) => el.scrollTop)).toBe(0);
    await page.getByTestId("case-pane").focus();
    const link = page.getByTestId("evidence").getByRole("button").first();
    for (let i = 0; i < 30 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    expect(await seen(link), "the focused evidence link is above the bar").toBe(true);

    // "Show in record" moves the record only: the header and the counter stay.
    const id = ((await link.locator("span.font-mono").textContent()) ?? "").trim();
    await page.keyboard.press("Enter");
    await expect(page.locator(`article[data-event-id="${id}"]`)).toBeInViewport();
    await scrollSettled(page);
    expect(await page.evaluate(() => window.scrollY), "window after show in record").toBe(0);
    await expect(page.getByText(/Item 1 of 1/)).toBeInViewport({ ratio: 1 });
    await page.context().close();
  });

  test(`conversation at ${size}: every turn's options, gold and sources and the rating by keyboard`, async ({ browser }) => {
    const page = await newPage(browser);
    await openCase(page, NOTES_AUDIT, viewport);
    const turns = await page.locator("[data-testid^=turn-]").all();
    expect(turns.length).toBeGreaterThanOrEqual(2);
    for (const [t, turn] of turns.entries()) {
      await reach(page, turn.locator("p").nth(1), `turn ${t + 1} question`);
      await reachOptions(page, turn, `turn ${t + 1} `);
      for (const [i, source] of (await turn.getByRole("button").all()).entries())
        await reach(page, source, `turn ${t + 1} source ${i + 1}`);
    }
    await reachRating(page);

    // A source opens its note in the notes pane; the page stays put.
    const source = page.locator("[data-testid^=turn-]").getByRole("button").last();
    await source.focus();
    await page.keyboard.press("Enter");
    await scrollSettled(page);
    expect(await page.evaluate(() => window.scrollY), "window after opening a source").toBe(0);
    await expect(page.getByText(/Item 1 of 1/)).toBeInViewport({ ratio: 1 });
    await page.context().close();
  });
}
