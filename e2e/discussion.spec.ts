import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { closeAudit, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { signIn, signInAs, waitForShortcuts, OBGYN } from "./support/users";

// Issue #35: an organizer and the clinician adjudicator discuss a flagged item; a rater sees
// neither the thread nor the notices while the audit is open; the adjudicator is told their
// adjudication is needed; the rater is told the audit was reopened — all by keyboard. Screenshots
// of the thread and the bell at 1280×800 and 1440×900, in English and Chinese.
const AUDIT = `E2E discussion ${Date.now()}`;
const FIRST = "Is option D right here? The record at 30 weeks says otherwise.";
const REPLY = "Agreed: the gold should be B. 同意。";
let auditPath = "";
let itemPath = "";

test.describe.configure({ mode: "serial" });

/** Opens the header's bell by keyboard and returns its list. */
async function openBell(page: Page) {
  const bell = page.getByTestId("notification-bell");
  // Its list is asked for once the browser is idle, after hydration: a key before that is lost.
  await expect(bell).toHaveAttribute("data-loaded", "true", { timeout: 15_000 });
  await bell.focus();
  await page.keyboard.press("Enter");
  const list = page.getByTestId("notification-list");
  await expect(list).toBeVisible();
  return list;
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`) });
  }
}

async function setLocale(page: Page, locale: "en" | "zh-CN") {
  await page.getByTestId("locale-switcher").selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await page.waitForLoadState("networkidle");
}

test("setup: two raters rate the first item, one flags it", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, {
    name: AUDIT,
    dataset: OBGYN,
    size: 2,
    seed: "discuss-1",
    clinicians: [2, 3],
    reviewOrder: "shared",
  });
  for (const [email, keys] of [
    ["clinician2@demo.clinaudit", ["2", "1", "f"]],
    ["clinician3@demo.clinaudit", ["1", "1"]],
  ] as const) {
    const page = await newPage(browser);
    await signIn(page, email, "demo-clinician-2026");
    const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
    await section.getByRole("link", { name: /Next unrated/ }).click();
    await waitForShortcuts(page);
    for (const k of keys) await page.keyboard.press(k);
    await expect(page.getByText("2 of 2 dimensions rated")).toBeVisible();
    await waitUntilSaved(page);
    await page.context().close();
  }
});

test("the organizer starts the discussion by keyboard; the flagging rater sees none of it", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(`${auditPath}/adjudicate`);
  const queue = page.getByTestId("adjudication-queue");
  await expect(queue).toContainText("flag");
  await queue.locator("a[href*='/adjudicate/']").first().click();
  await expect(page).toHaveURL(/\/adjudicate\/[^/]+$/);
  itemPath = new URL(page.url()).pathname;
  const jump = page.getByRole("link", { name: "Discussion (0)" });
  await jump.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("New message")).toBeFocused();
  await page.keyboard.type(FIRST);
  await page.keyboard.press("Control+Enter");
  const thread = page.getByTestId("discussion");
  await expect(thread.getByTestId("thread-message")).toHaveCount(1);
  await expect(thread).toContainText(FIRST);
  await expect(page.getByLabel("New message")).toHaveValue("");
  // NUL and lone surrogates are refused as everywhere else; the box keeps the text.
  await page.getByLabel("New message").fill("bad \u0000 text");
  await page.keyboard.press("Control+Enter");
  await expect(thread.getByText("control character (such as NUL)", { exact: false })).toBeVisible();
  await expect(thread.getByTestId("thread-message")).toHaveCount(1);
  await page.context().close();

  const rater = await newPage(browser);
  await signIn(rater, "clinician2@demo.clinaudit", "demo-clinician-2026");
  await expect(rater).toHaveURL(/\/review$/);
  expect((await rater.request.get(itemPath)).status()).toBe(404);
  const section = rater.locator("section", { has: rater.getByRole("heading", { name: AUDIT }) });
  await section.locator("table a[href^='/review/']").first().click();
  await waitForShortcuts(rater);
  await expect(rater.getByTestId("discussion")).toHaveCount(0);
  expect(await rater.content()).not.toContain(FIRST);
  const list = await openBell(rater);
  await expect(list).toContainText("Nothing new.");
  const api = await (await rater.request.get("/api/notifications")).text();
  expect(api).not.toContain(AUDIT);
  await rater.context().close();
});

test("closed with an adjudicator: their bell says adjudication is needed; they reply by keyboard", async ({ browser }) => {
  const organizer = await newPage(browser);
  await signInAs(organizer, "organizer");
  await organizer.goto(auditPath);
  await organizer.getByLabel("Clinician adjudicator").selectOption({ label: "Dr. Chen Li" });
  await expect(organizer.getByLabel("Clinician adjudicator")).toHaveValue(/.+/);
  await closeAudit(organizer);

  const page = await newPage(browser);
  await signInAs(page, "clinician");
  await expect(page.getByTestId("notification-count")).toBeVisible();
  const list = await openBell(page);
  const needed = list.getByTestId("notification-adjudication").filter({ hasText: AUDIT });
  // With how many items wait for a decision (the adjudication list's count).
  await expect(needed).toContainText(new RegExp(`Your adjudication is needed in “${AUDIT}”: \\d+ items? waits?`));
  // Arrow keys move through the entries; Escape closes and returns to the bell.
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId("notification-bell")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  for (let i = 0; i < 20 && !(await needed.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
  await expect(needed).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${auditPath}/adjudicate$`));

  await page.goto(itemPath);
  await expect(page.getByTestId("discussion")).toContainText(FIRST);
  await page.getByLabel("New message").focus();
  await page.keyboard.type(REPLY);
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("discussion").getByTestId("thread-message")).toHaveCount(2);
  await page.getByTestId("discussion").scrollIntoViewIfNeeded();
  await shoot(page, "thread-en");
  await setLocale(page, "zh-CN");
  await page.getByTestId("discussion").scrollIntoViewIfNeeded();
  await shoot(page, "thread-zh");
  await setLocale(page, "en");

  // The organizer is told of the reply.
  await organizer.goto("/audits");
  const orgList = await openBell(organizer);
  await expect(orgList.getByTestId("notification-message").first()).toContainText(`Dr. Chen Li wrote on item #`);
  // Opening the list marked it read, on the server too.
  await expect.poll(async () => (await (await organizer.request.get("/api/notifications")).json()).unread).toBe(0);
  await shoot(organizer, "bell-en");
  await organizer.keyboard.press("Escape");
  await setLocale(organizer, "zh-CN");
  await openBell(organizer);
  await shoot(organizer, "bell-zh");
  await organizer.keyboard.press("Escape");
  await setLocale(organizer, "en");
  await organizer.context().close();
  await page.context().close();
});

test("closed, the rater reads the thread without a box to post; reopened, their bell says so", async ({ browser }) => {
  const rater = await newPage(browser);
  await signIn(rater, "clinician2@demo.clinaudit", "demo-clinician-2026");
  await expect(rater).toHaveURL(/\/review$/);
  const section = rater.locator("section", { has: rater.getByRole("heading", { name: AUDIT }) });
  await section.locator("table a[href^='/review/']").first().click();
  const thread = rater.getByTestId("discussion");
  await expect(thread).toContainText(FIRST);
  await expect(thread).toContainText(REPLY);
  await expect(thread.getByLabel("New message")).toHaveCount(0);
  expect((await rater.request.get(itemPath)).status()).toBe(404);

  const organizer = await newPage(browser);
  await signInAs(organizer, "organizer");
  await organizer.goto(auditPath);
  await organizer.getByRole("button", { name: "Withdraw results access" }).click();
  await organizer.getByRole("alertdialog").getByRole("button", { name: "Withdraw access" }).click();
  await organizer.getByRole("button", { name: "Reopen" }).click();
  await organizer.getByRole("alertdialog").getByRole("button", { name: "Reopen for review" }).click();
  await expect(organizer.getByRole("button", { name: "Close audit" })).toBeVisible();
  await organizer.context().close();

  await rater.goto("/review");
  const list = await openBell(rater);
  const reopened = list.getByTestId("notification-reopened").filter({ hasText: AUDIT });
  await expect(reopened).toContainText("was reopened");
  await reopened.focus();
  await rater.keyboard.press("Enter");
  await expect(rater).toHaveURL(/\/review$/);
  // Open again: the thread is hidden from the rater once more.
  await rater.goto(itemPath.replace(/\/audits\/.*/, "/review"));
  await section.locator("table a[href^='/review/']").first().click();
  await waitForShortcuts(rater);
  await expect(rater.getByTestId("discussion")).toHaveCount(0);
  await rater.context().close();
});

test("earlier messages by keyboard: each page loaded takes the focus to its first message, and says so", async ({ browser }) => {
  // 450 older messages: the newest 200 show, then two pages load (200, then the last 52).
  execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "e2e/support/seed-thread.ts", itemPath.split("/").pop()!, "450"],
    {
      env: {
        ...process.env,
        CLINAUDIT_DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
  );
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(itemPath);
  const thread = page.getByTestId("discussion");
  const messages = thread.getByTestId("thread-message");
  await expect(messages).toHaveCount(200);
  const button = thread.getByTestId("thread-earlier");
  await expect(button).toHaveText("Earlier messages (252 more)");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(messages).toHaveCount(400);
  await expect(messages.filter({ hasText: /Old message 53$/ })).toBeFocused();
  await expect(thread.getByTestId("thread-loaded")).toHaveText("Loaded 200 earlier messages. 52 more before them.");
  // Back to the button (the messages hold nothing focusable), and the rest.
  await page.keyboard.press("Shift+Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(messages).toHaveCount(452);
  await expect(button).toHaveCount(0);
  await expect(messages.first()).toContainText(/Old message 1$/);
  await expect(messages.first()).toBeFocused();
  await expect(thread.getByTestId("thread-loaded")).toHaveText("Loaded 52 earlier messages. This is the start of the discussion.");
  await page.context().close();
});
