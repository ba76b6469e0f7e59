import { expect, test, type Locator, type Page } from "@playwright/test";
import { createOpenAudit, newPage } from "./support/audits";
import { OBGYN, signIn, waitForShortcuts } from "./support/users";

// At 1280×800 and 1440×900 the question, the gold option and the rating controls are on the
// screen together without scrolling, for a decision-point item and a conversation item; help
// ("?") opens in view; the record opens at the cutoff day and its keys work from anywhere, and
// the notes viewer answers the same keys ("/", j, k).
const NOTES = "Discharge-summary conversations (synthetic demo) v1 (66 items)";
const STAMP = Date.now();
const MCQ_AUDIT = `E2E in view MCQ ${STAMP}`;
const NOTES_AUDIT = `E2E in view notes ${STAMP}`;

test.describe.configure({ mode: "serial" });

async function inViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(vp.height);
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(vp.width);
}

async function openCase(page: Page, audit: string) {
  await signIn(page, "clinician3@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: audit }) });
  await section.getByRole("link", { name: /Next unrated/ }).click();
  await waitForShortcuts(page);
}

test("setup: a decision-point audit and a conversation audit", async ({ browser }) => {
  await createOpenAudit(browser, { name: MCQ_AUDIT, dataset: OBGYN, size: 2, seed: "in-view-1", clinicians: [3] });
  await createOpenAudit(browser, { name: NOTES_AUDIT, dataset: NOTES, size: 1, seed: "in-view-2", clinicians: [3] });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`decision point at ${viewport.width}×${viewport.height}: question, gold and rating in view`, async ({ browser }) => {
    const page = await newPage(browser);
    await page.setViewportSize(viewport);
    await openCase(page, MCQ_AUDIT);
    await inViewport(page, page.getByTestId("question"), "question");
    await inViewport(page, page.getByTestId("options").locator("[data-gold]"), "gold option");
    const bar = page.getByTestId("rating-bar");
    for (const [i, fieldset] of (await bar.locator("fieldset").all()).entries()) await inViewport(page, fieldset, `dimension ${i + 1}`);
    await inViewport(page, bar.getByRole("link", { name: /next item/i }), "next item");
    expect(await page.evaluate(() => window.scrollY)).toBe(0); // all of the above without scrolling
    // The pinned bar hides what scrolls under it and costs no filter pass on each frame (a
    // backdrop blur was ~150 ms of software compositing per key press without a GPU).
    const [filter, background] = await bar.evaluate((el) => [getComputedStyle(el).backdropFilter, getComputedStyle(el).backgroundColor]);
    expect(filter).toBe("none");
    expect(background, "an opaque colour (no alpha)").not.toMatch(/\/\s*[0-9.]+%?\)$|^rgba\(|^transparent$/);

    // Help opens in view, and closes again.
    await page.keyboard.press("?");
    await inViewport(page, bar.getByText(/Shortcuts are off while you type/), "help");
    await page.keyboard.press("?");

    // The record opens on the cutoff day (its last), with the evidence day starred.
    const days = page.getByRole("navigation", { name: "Jump to date" }).locator("button");
    await expect(days.last()).toContainText("★");
    expect(await days.last().getAttribute("aria-current")).toBe("true");
    // Its keys work with focus anywhere outside a text field: k goes back a day, / finds the search box.
    await page.keyboard.press("k");
    await expect(days.last()).not.toHaveAttribute("aria-current", "true");
    await page.keyboard.press("/");
    await expect(page.getByPlaceholder(/Search names/)).toBeFocused();
    await page.context().close();
  });

  test(`conversation at ${viewport.width}×${viewport.height}: first turn, its gold and rating in view`, async ({ browser }) => {
    const page = await newPage(browser);
    await page.setViewportSize(viewport);
    await openCase(page, NOTES_AUDIT);
    const turn = page.getByTestId("turn-1");
    await inViewport(page, turn.locator("p").nth(1), "turn 1 question");
    await inViewport(page, turn.locator("[data-gold]"), "turn 1 gold");
    // The active dimension; the rest come into view in turn (case-reachable.spec.ts).
    await inViewport(page, page.getByTestId("rating-bar").locator("fieldset").first(), "first dimension");
    await page.context().close();
  });
}

test("notes: j and k step through the sections, / finds the search, Esc gives the keys back", async ({ browser }) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openCase(page, NOTES_AUDIT);
  const pane = page.getByRole("region", { name: "Note text, scrollable" });
  const scrolled = () => pane.evaluate((el) => el.scrollTop);
  // Focus anywhere outside a text field, as on the record viewer.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  await expect.poll(scrolled).toBeGreaterThan(0);
  const first = await scrolled();
  await page.keyboard.press("j");
  await expect.poll(scrolled).toBeGreaterThan(first);
  const second = await scrolled();
  await page.keyboard.press("k");
  await expect.poll(scrolled).toBeLessThan(second);
  const box = page.getByPlaceholder("Search notes…");
  await page.keyboard.press("/");
  await expect(box).toBeFocused();
  await page.keyboard.type("OGTT");
  await page.keyboard.press("Escape");
  await expect(box).not.toBeFocused();
  await page.keyboard.press("1");
  await expect(page.getByTestId("rating-bar").locator("fieldset label[data-checked]")).toHaveCount(1);
  await page.context().close();
});
