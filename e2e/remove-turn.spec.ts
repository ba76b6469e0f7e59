import { expect, test } from "@playwright/test";
import { closeAndAdjudicate, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { signIn, signInAs, waitForShortcuts } from "./support/users";

// Issue 35 point 11: one question of a conversation can be removed, not only the whole
// conversation. A clinician proposes removing the last turn of a conversation with several
// questions; the organizer accepts it; the change log names the turn and the corrected benchmark
// keeps the conversation without that question (content and source turn), every other turn as it was.
const NOTES = "Discharge-summary conversations (synthetic demo) v1 (66 items)";
const AUDIT = `E2E remove one turn ${Date.now()}`;
let auditPath = "";
let item = "";
let turnCount = 0;

test.describe.configure({ mode: "serial" });

test("setup: an open audit of twelve conversations for clinician 1", async ({ browser }) => {
  auditPath = await createOpenAudit(browser, { name: AUDIT, dataset: NOTES, size: 12, seed: "remove-turn-e2e", clinicians: [1] });
});

test("clinician 1 proposes removing the last question of a conversation that has several", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, "clinician1@demo.clinaudit", "demo-clinician-2026");
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  const links = section.locator("table a[href^='/review/']");
  await expect(links).toHaveCount(12);
  const hrefs = await links.evaluateAll((as) => as.map((a) => [a.getAttribute("href")!, a.textContent!.trim()] as const));
  for (const [href, id] of hrefs) {
    await page.goto(href);
    await waitForShortcuts(page);
    turnCount = await page.getByTestId(/^turn-\d+$/).count();
    item = id;
    if (turnCount >= 4) break;
  }
  expect(turnCount, "a sampled conversation with two questions or more").toBeGreaterThanOrEqual(4);

  // Every turn rated, so that each has a final label to keep.
  for (let k = 0; k < turnCount; k++) await page.keyboard.press("1");
  await expect(page.getByText(`${turnCount} of ${turnCount} dimensions rated`)).toBeVisible();
  await waitUntilSaved(page);

  await page.getByText("Propose a correction").click();
  const kind = page.getByLabel("Type of correction");
  await expect(kind.locator("option", { hasText: "Remove one turn" })).toHaveCount(1);
  await kind.selectOption("REMOVE_TURN");
  await page.getByLabel("Turn", { exact: true }).selectOption(String(turnCount));
  await page.getByLabel("Rationale (required)").fill("The last question repeats an earlier one.");
  await page.getByRole("button", { name: "Save correction" }).click();
  const mine = page.getByRole("list", { name: "Your corrections" });
  await expect(mine).toContainText(`Remove one turn (with its paired content or source turn) · Turn ${turnCount}`);
  await waitUntilSaved(page);
  await page.reload();
  await expect(page.getByRole("list", { name: "Your corrections" })).toContainText(`· Turn ${turnCount}`);
  await page.context().close();
});

test("the organizer accepts it: the corrected conversation lacks that question and keeps the rest", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await closeAndAdjudicate(page, auditPath, item);
  const correction = page.getByTestId("correction-REMOVE_TURN");
  await expect(correction).toHaveAttribute("data-turn", String(turnCount));
  // "Accept with edits" shows what the change does (a turn removal has nothing to edit).
  await correction.getByLabel("Accept with edits", { exact: true }).check();
  await expect(correction).toContainText(`Turn ${turnCount} will be dropped from the corrected benchmark`);
  await correction.getByLabel("Accept", { exact: true }).check();
  await correction.getByLabel("Reason for this decision").fill("A duplicate question.");
  await page.getByLabel("Rationale").last().fill("Turn removed; the rest stands.");
  await page.getByRole("button", { name: "Save adjudication" }).click();
  await expect(page.getByText("Adjudication saved.")).toBeVisible();

  const api = `/api${auditPath}/corrected`;
  const log = await (await page.request.get(`${api}/changelog.json`)).json();
  expect(log.changes).toHaveLength(1);
  expect(log.changes[0]).toMatchObject({ item, change: { kind: "REMOVE_TURN", turnOrder: turnCount }, after: null });
  expect(log.changes[0].before.map((t: { turnOrder: number }) => t.turnOrder)).toEqual([turnCount - 1, turnCount]);
  const bundle = await (await page.request.get(`${api}/notes-chatqa.json`)).json();
  const [subject, category] = item.split(":");
  const conv = bundle.conversations.find(
    (c: { subject_id: number; qa_category: string }) => String(c.subject_id) === subject && c.qa_category === category,
  );
  expect(conv.turns.map((t: { turn_order: number }) => t.turn_order)).toEqual(Array.from({ length: turnCount - 2 }, (_, i) => i + 1));
  await page.context().close();
});
