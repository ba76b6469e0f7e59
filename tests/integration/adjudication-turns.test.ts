// Per-turn adjudication through the server action, on a real database: a conversation audit rated
// per turn ("gold@t1", "evidence@t2") is adjudicated with one final label per turn; a label for a
// turn the item does not have, or for the whole item on a per-turn dimension, is refused with a
// field error naming it, and nothing is stored. Decision-point-style whole-item labels still work
// on a rubric without per-turn dimensions.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONVERSATION_RUBRIC, DEFAULT_RUBRIC, type Rubric } from "@/lib/audits/rubric";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { loadAdjudications } from "@/lib/server/adjudication/records";
import { keptAdjudicationQueue } from "@/lib/server/reports/kept-report";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveRating } from "@/lib/server/review/save-rating";
import { fake, resetFakes } from "@/tests/support/guards";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

const real = vi.hoisted(() => ({ db: null as unknown }));
vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/guards")).mocks.intl());
vi.mock("next/navigation", async () => (await import("@/tests/support/guards")).mocks.navigation());
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("@/lib/server/auth/current-user", async () => (await import("@/tests/support/guards")).mocks.session());
vi.mock("@/lib/db", () => ({ db: () => real.db }));
// The corrected benchmark's background build is not what this file tests.
vi.mock("@/lib/server/adjudication/corrected-cache", () => ({ prepareCorrected: () => undefined }));

const { saveAdjudicationAction } = await import("@/lib/actions/adjudication");

const NOTES = fs.readFileSync(path.resolve("lib/formats/__fixtures__/notes-chatqa.example.json"), "utf8");

/** One conversation (turn 1 content, turn 2 source) for two clinicians, rated; the audit stays open. */
async function ratedConversation(db: Db, rubric: Rubric, ratings: [Record<string, string>, Record<string, string>]) {
  const {
    organizer,
    raters: accounts,
    audit,
  } = await seedAudit(db, {
    benchmark: [{ name: "notes.json", text: NOTES }],
    raters: ["a", "b"],
    name: "Notes",
    seed: "1",
    rubric,
  });
  const raters = accounts.map((r) => r.id);
  for (const [i, rater] of raters.entries()) {
    const assignmentId = (await reviewQueue(db, rater))[0]!.items[0]!.assignmentId;
    for (const [dimension, category] of Object.entries(ratings[i]!))
      expect(await saveRating(db, rater, { assignmentId, dimension, category, expectedVersion: 0 })).toMatchObject({ version: 1 });
  }
  const auditItemId = (await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id } })).id;
  // The action's caller: the audit's organizer.
  fake.user = { ...organizer, locale: "en" };
  return { auditId: audit.id, auditItemId };
}

describe.each(DATABASES)("per-turn adjudication on $name", (database) => {
  let db: Db;
  beforeEach(async () => {
    resetFakes();
    const url = await database.create();
    await applyMigrations(target(url));
    db = createDb(url);
    real.db = db;
  });
  afterAll(() => database.dropAll());

  it("lists a per-turn disagreement, stores one final label per turn and refuses a turn the item does not have", async () => {
    const { auditId, auditItemId } = await ratedConversation(db, CONVERSATION_RUBRIC, [
      { "gold@t1": "incorrect", "evidence@t2": "complete" },
      { "gold@t1": "correct", "evidence@t2": "complete" },
    ]);
    // While open, finished raters' items may be adjudicated: both rated every turn.
    const queue = (await keptAdjudicationQueue(db, auditId))!;
    expect(queue.rows).toEqual([expect.objectContaining({ auditItemId, reasons: ["disagreement", "flagged"], complete: true })]);
    const save = (finalLabels: Record<string, string>) =>
      saveAdjudicationAction({ auditId, auditItemId, finalLabels, rationale: "per the discharge summary", decisions: [] });

    expect(await save({ "gold@t1": "incorrect", "evidence@t2": "complete", "gold@t3": "correct" })).toEqual({
      ok: false,
      code: "INVALID",
      error: "“Reference answer correctness (per content turn)” has no turn 3 on this item.",
      fieldErrors: { "finalLabels.gold@t3": "“Reference answer correctness (per content turn)” has no turn 3 on this item." },
    });
    // Turn 2 is a source turn: the answer dimension is not asked there.
    expect(await save({ "gold@t1": "incorrect", "gold@t2": "correct", "evidence@t2": "complete" })).toMatchObject({
      ok: false,
      fieldErrors: { "finalLabels.gold@t2": expect.stringContaining("has no turn 2") },
    });
    expect(await save({ gold: "incorrect", "evidence@t2": "complete" })).toMatchObject({
      ok: false,
      fieldErrors: { "finalLabels.gold": expect.stringContaining("per turn") },
    });
    expect(await save({ "gold@t1": "incorrect" })).toMatchObject({
      ok: false,
      fieldErrors: { "finalLabels.evidence@t2": "Choose a final label for “Evidence set (per source turn)” on turn 2." },
    });
    expect(await save({ "gold@t1": "wrong", "evidence@t2": "complete" })).toMatchObject({
      ok: false,
      fieldErrors: { "finalLabels.gold@t1": expect.stringContaining("on turn 1") },
    });
    fake.locale = "zh-CN";
    expect(await save({ "gold@t1": "incorrect", "evidence@t2": "complete", "gold@t3": "correct" })).toMatchObject({
      ok: false,
      fieldErrors: { "finalLabels.gold@t3": expect.stringContaining("第 3 轮") },
    });
    expect(await db.adjudication.count()).toBe(0);

    expect(await save({ "gold@t1": "incorrect", "evidence@t2": "complete" })).toEqual({ ok: true, data: undefined });
    expect(await loadAdjudications(db, auditId)).toEqual([
      {
        itemId: auditItemId,
        finalLabels: { "gold@t1": "incorrect", "evidence@t2": "complete" },
        removeItem: false,
        rationale: "per the discharge summary",
      },
    ]);
    expect((await keptAdjudicationQueue(db, auditId))!.rows[0]).toMatchObject({ adjudicated: true });
    await db.$disconnect();
  });

  it("refuses while a rater has not rated every turn of an open audit", async () => {
    const { auditId, auditItemId } = await ratedConversation(db, CONVERSATION_RUBRIC, [
      { "gold@t1": "incorrect", "evidence@t2": "complete" },
      { "gold@t1": "correct" },
    ]);
    expect((await keptAdjudicationQueue(db, auditId))!.rows[0]).toMatchObject({ complete: false });
    expect(
      await saveAdjudicationAction({
        auditId,
        auditItemId,
        finalLabels: { "gold@t1": "incorrect", "evidence@t2": "complete" },
        rationale: "early",
        decisions: [],
      }),
    ).toMatchObject({ ok: false, code: "LOCKED" });
    // A clinician who is not the audit's adjudicator is refused as for any other audit.
    fake.user = { id: "someone", email: "x@example.org", name: "X", role: "CLINICIAN", locale: "en" };
    expect(await saveAdjudicationAction({ auditId, auditItemId, finalLabels: {}, rationale: "r", decisions: [] })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    await db.$disconnect();
  });

  it("keeps whole-item labels on a rubric without per-turn dimensions", async () => {
    const { auditId, auditItemId } = await ratedConversation(db, DEFAULT_RUBRIC, [
      { gold: "incorrect", question: "clear" },
      { gold: "correct", question: "clear" },
    ]);
    const save = (finalLabels: Record<string, string>) =>
      saveAdjudicationAction({ auditId, auditItemId, finalLabels, rationale: "r", decisions: [] });
    expect(await save({ "gold@t1": "incorrect", gold: "incorrect", question: "clear" })).toMatchObject({
      ok: false,
      fieldErrors: { "finalLabels.gold@t1": expect.stringContaining("not a dimension") },
    });
    expect(await save({ gold: "incorrect", question: "clear" })).toEqual({ ok: true, data: undefined });
    expect((await loadAdjudications(db, auditId))[0]!.finalLabels).toEqual({ gold: "incorrect", question: "clear" });
    await db.$disconnect();
  });
});
