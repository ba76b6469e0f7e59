// The calibration round on the server: practice items from outside the sample with a key, a round
// that holds the real queue (case pages and every save refused) until the rater has answered every
// practice item, the key sent only after an answer, a failed gate, a re-calibration for one rater,
// the results, practice answers kept out of the real ratings, and an extension that would draw a
// practice item refused.
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { planExtension } from "@/lib/server/audits/extend-sample";
import { raterGate } from "@/lib/server/calibration/gate";
import { loadPractice, savePractice } from "@/lib/server/calibration/practice";
import { calibrationOverview } from "@/lib/server/calibration/results";
import { addPracticeItem, setCalibrationRule, startCalibrationRound } from "@/lib/server/calibration/setup";
import { loadCasePage } from "@/lib/server/review/case-page";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { restoreAudit } from "@/lib/server/backup/restore-audit";
import { DATABASES, freshDb } from "./databases";
import { demoWorld } from "./demo-world";

const RIGHT = { gold: "correct", question: "clear" };
const WRONG = { gold: "incorrect", question: "unreasonable" };

/** A practice page that shows an item (the round is not over). */
function current(page: Awaited<ReturnType<typeof loadPractice>>) {
  if (!page?.item) throw new Error("no practice item on the page");
  return page;
}

async function world(db: Db) {
  const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
  const organizer = await db.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
  const rater = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
  const sampled = await db.auditItem.findMany({ where: { auditId: audit.id }, select: { itemId: true } });
  const outside = await db.item.findMany({
    where: { datasetId: audit.datasetId, id: { notIn: sampled.map((s) => s.itemId) } },
    orderBy: { position: "asc" },
    take: 2,
    select: { externalId: true },
  });
  const inside = await db.item.findFirstOrThrow({ where: { id: sampled[0]!.itemId }, select: { externalId: true } });
  const [queue] = await reviewQueue(db, rater.id, { auditId: audit.id });
  return {
    audit,
    organizer,
    rater,
    outside: outside.map((o) => o.externalId),
    inside: inside.externalId,
    first: queue!.items[0]!.assignmentId,
  };
}

describe.each(DATABASES)("calibration round on $name", (database) => {
  afterAll(() => database.dropAll());

  it("holds the queue until practice passes, shows keys only after answers, and keeps practice apart", async () => {
    const db = await demoWorld(database);
    try {
      const { audit, organizer, rater, outside, inside, first } = await world(db);
      const add = (externalId: string, key?: Record<string, string>) =>
        addPracticeItem(db, organizer.id, { auditId: audit.id, externalId, rationale: `why ${externalId}`, ...(key ? { key } : {}) });
      await expect(add(inside, RIGHT)).rejects.toMatchObject({ code: "INVALID", catalog: { key: "calibration.errors.inSample" } });
      await expect(add("no-such-item", RIGHT)).rejects.toMatchObject({ catalog: { key: "calibration.errors.noSuchItem" } });
      await expect(add(outside[0]!, { gold: "correct" })).rejects.toMatchObject({
        catalog: { key: "calibration.errors.keyMissing", values: { question: "question" } },
      });
      await add(outside[0]!, RIGHT);
      await add(outside[1]!, RIGHT);
      await setCalibrationRule(db, organizer.id, { auditId: audit.id, passPercent: 80, gate: true });

      // No round yet: the queue is open as before.
      const before = await db.rating.count();
      await saveRating(db, rater.id, { assignmentId: first, dimension: "gold", category: "correct", expectedVersion: 0 });
      expect(await db.rating.count()).toBe(before + 1);

      await startCalibrationRound(db, organizer.id, { auditId: audit.id, raterIds: null });
      const held = { code: "LOCKED", catalog: { key: "review.errors.calibrationFirst" } };
      await expect(
        saveRating(db, rater.id, { assignmentId: first, dimension: "gold", category: "incorrect", expectedVersion: 1 }),
      ).rejects.toMatchObject(held);
      await expect(saveComment(db, rater.id, { assignmentId: first, comment: "x", expectedVersion: 0 })).rejects.toMatchObject(held);
      await expect(loadCasePage(db, rater.id, first, { recordDir: null })).rejects.toMatchObject(held);
      // Items and keys are fixed once a round started.
      await expect(add(outside[0]!, RIGHT)).rejects.toMatchObject({ code: "LOCKED" });

      // The practice page: no key or rationale before the answer.
      const page = await loadPractice(db, rater.id, audit.id);
      expect(page).toMatchObject({ position: 1, total: 2, done: 0, answer: null });
      expect(JSON.stringify(page)).not.toContain(`why ${outside[0]}`);
      const reply = await savePractice(db, rater.id, {
        auditId: audit.id,
        calibrationItemId: current(page).calibrationItemId,
        labels: WRONG,
        activeMs: 4000,
      });
      expect(reply).toEqual({ labels: WRONG, key: RIGHT, rationale: `why ${outside[0]}` });
      // The same answer again is answered the same; another is refused.
      await expect(
        savePractice(db, rater.id, { auditId: audit.id, calibrationItemId: current(page).calibrationItemId, labels: RIGHT, activeMs: 1 }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
      const second = await loadPractice(db, rater.id, audit.id);
      expect(second).toMatchObject({ position: 2, done: 1, answer: null });
      await savePractice(db, rater.id, {
        auditId: audit.id,
        calibrationItemId: current(second).calibrationItemId,
        labels: { ...RIGHT, question: "ambiguous" },
        activeMs: 6000,
      });
      // 1 of 4 questions: not passed under the gate, the queue stays closed.
      expect(await raterGate(db, rater.id, audit.id)).toMatchObject({ kind: "failed", round: 1, score: { matches: 1, questions: 4 } });
      await expect(loadCasePage(db, rater.id, first, { recordDir: null })).rejects.toMatchObject(held);

      // A re-calibration round for this rater alone; the others stay on round 1.
      await startCalibrationRound(db, organizer.id, { auditId: audit.id, raterIds: [rater.id] });
      const other = await db.user.findUniqueOrThrow({ where: { email: "clinician2@demo.clinaudit" } });
      expect(await raterGate(db, other.id, audit.id)).toMatchObject({ kind: "practice", round: 1 });
      for (let i = 0; i < 2; i++) {
        const p = await loadPractice(db, rater.id, audit.id);
        expect(p).toMatchObject({ state: { kind: "practice", round: 2 }, answer: null });
        await savePractice(db, rater.id, {
          auditId: audit.id,
          calibrationItemId: current(p).calibrationItemId,
          labels: RIGHT,
          activeMs: 3000,
        });
      }
      expect(await raterGate(db, rater.id, audit.id)).toMatchObject({ kind: "finished", passed: true, round: 2 });
      await saveRating(db, rater.id, { assignmentId: first, dimension: "gold", category: "incorrect", expectedVersion: 1 });
      expect(await loadCasePage(db, rater.id, first, { recordDir: null })).not.toBeNull();
      // The earlier rating stayed and changed only by the rater's own later save; practice wrote no Rating.
      expect(await db.rating.count()).toBe(before + 1);

      const overview = await calibrationOverview(db, audit.id);
      const mine = overview!.results.filter((r) => r.userId === rater.id);
      expect(mine.map((r) => [r.round, r.status, r.score.agreement, r.score.activeMs])).toEqual([
        [1, "notPassed", 0.25, 10000],
        [2, "passed", 1, 6000],
      ]);
      expect(overview!.results.find((r) => r.userId === other.id)).toMatchObject({ round: 1, status: "inProgress", done: 0 });

      // Extending the sample over every item left would draw the practice items: refused, naming them.
      const left = (await db.item.count({ where: { datasetId: audit.datasetId } })) - audit.sampleSize;
      await expect(planExtension(db, audit.id, left)).rejects.toMatchObject({ catalog: { key: "calibration.errors.extendHitsPractice" } });

      // The backup carries the calibration: restored elsewhere, the same items, rounds and results.
      const backup = (await exportAuditBackup(db, audit.id, "test"))!;
      let text = "";
      for await (const line of backup.lines) text += line;
      const fresh = await freshDb(database);
      try {
        const restored = await restoreAudit(fresh, null, {
          name: "calibration.jsonl",
          open: async function* () {
            yield text;
          },
        });
        expect(restored).toMatchObject({ status: "restored" });
        const again = await calibrationOverview(fresh, audit.id);
        const shape = (o: typeof overview) => ({
          ...o!,
          rounds: o!.rounds.map((r) => ({ ...r, raterIds: r.raterIds?.length ?? null })),
          results: o!.results.map(({ userId: _u, ...r }) => r),
        });
        expect(shape(again)).toEqual(shape(overview));
        const restoredRater = await fresh.user.findUniqueOrThrow({ where: { email: rater.email } });
        expect(await raterGate(fresh, restoredRater.id, audit.id)).toMatchObject({ kind: "finished", passed: true, round: 2 });
        // Practice answers stay out of the real ratings there too.
        expect(await fresh.rating.count({ where: { assignment: { auditId: audit.id } } })).toBe(
          await db.rating.count({ where: { assignment: { auditId: audit.id } } }),
        );
      } finally {
        await fresh.$disconnect();
      }
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
