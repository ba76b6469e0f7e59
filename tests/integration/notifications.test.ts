// The header's notifications, derived on read (lib/server/notifications/list.ts): each kind appears
// for whom it concerns and no one else, dated by its cause; a state that ends (practice done)
// ends its entry (practice done, every waiting item adjudicated); read/unread follows the user's seen-up-to stamp.
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { adjudicationQueue } from "@/lib/server/adjudication/queue";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";
import { setAuditStatus, withdrawResultsAccess } from "@/lib/server/audits/set-status";
import { loadPractice, savePractice } from "@/lib/server/calibration/practice";
import { addPracticeItem, startCalibrationRound } from "@/lib/server/calibration/setup";
import { authorizeThread } from "@/lib/server/discussion/access";
import { postMessage } from "@/lib/server/discussion/thread";
import { listNotifications, markSeen } from "@/lib/server/notifications/list";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

const RIGHT = { gold: "correct", question: "clear" };

async function people(db: Db) {
  const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
  const user = (email: string) => db.user.findUniqueOrThrow({ where: { email } }).then((u) => ({ ...u, locale: "en" }));
  const [organizer, rater, adjudicator] = await Promise.all([
    user("organizer@demo.clinaudit"),
    user("clinician1@demo.clinaudit"),
    user("clinician2@demo.clinaudit"),
  ]);
  return { audit, organizer, rater, adjudicator };
}

const kinds = async (db: Db, user: Parameters<typeof listNotifications>[1]) =>
  (await listNotifications(db, user)).entries.map((e) => `${e.kind}:${e.unread ? "unread" : "read"}`);

describe.each(DATABASES)("notifications on $name", (database) => {
  afterAll(() => database.dropAll());

  it("a calibration round is waiting: for its raters, until the practice is done", async () => {
    const db = await demoWorld(database);
    try {
      const { audit, organizer, rater, adjudicator } = await people(db);
      expect(await kinds(db, rater)).toEqual([]);
      const sampled = await db.auditItem.findMany({ where: { auditId: audit.id }, select: { itemId: true } });
      const outside = await db.item.findMany({
        where: { datasetId: audit.datasetId, id: { notIn: sampled.map((s) => s.itemId) } },
        orderBy: { position: "asc" },
        take: 2,
      });
      for (const o of outside)
        await addPracticeItem(db, organizer.id, { auditId: audit.id, externalId: o.externalId, rationale: "r", key: RIGHT });
      await startCalibrationRound(db, organizer.id, { auditId: audit.id, raterIds: [rater.id] });
      const { entries } = await listNotifications(db, rater);
      expect(entries).toEqual([
        expect.objectContaining({ kind: "calibration", auditId: audit.id, href: `/review/calibration/${audit.id}`, unread: true }),
      ]);
      // Only the raters the round asks; never the organizer.
      expect(await kinds(db, adjudicator)).toEqual([]);
      expect(await kinds(db, organizer)).toEqual([]);
      // Every practice item of the round answered (the demo audit may hold more than the two added).
      for (let page = await loadPractice(db, rater.id, audit.id); page?.item; page = await loadPractice(db, rater.id, audit.id))
        await savePractice(db, rater.id, { auditId: audit.id, calibrationItemId: page.calibrationItemId, labels: RIGHT, activeMs: 1000 });
      expect(await kinds(db, rater)).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  });

  it("reopened, adjudication needed and new messages, each to whom it concerns, read by the stamp", async () => {
    const db = await demoWorld(database);
    try {
      const { audit, organizer, rater, adjudicator } = await people(db);
      // Reopened: every rater of the audit; the organizer rates nothing here.
      await setAuditStatus(db, organizer.id, audit.id, "close");
      await setAuditStatus(db, organizer.id, audit.id, "open");
      expect(await kinds(db, rater)).toEqual(["reopened:unread"]);
      expect((await listNotifications(db, adjudicator)).entries).toEqual([
        expect.objectContaining({ kind: "reopened", auditId: audit.id, auditName: audit.name, href: "/review" }),
      ]);
      expect(await kinds(db, organizer)).toEqual([]);

      // Adjudication needed: the named adjudicator once the audit is closed; not the raters.
      await setAdjudicator(db, organizer.id, audit.id, adjudicator.id);
      expect((await kinds(db, adjudicator)).filter((k) => k.startsWith("adjudication"))).toEqual([]);
      await setAuditStatus(db, organizer.id, audit.id, "close");
      expect(await kinds(db, adjudicator)).toEqual(["adjudication:unread"]);
      expect(await kinds(db, rater)).toEqual([]);
      expect(await kinds(db, organizer)).toEqual([]);
      // With the number of items waiting, as the adjudication list counts them; none waiting, no entry.
      const queue = (await adjudicationQueue(db, audit.id))!;
      const waiting = queue.rows.filter((r) => !r.adjudicated);
      expect(waiting.length).toBeGreaterThan(1);
      expect((await listNotifications(db, adjudicator)).entries).toEqual([
        expect.objectContaining({ kind: "adjudication", count: waiting.length }),
      ]);
      const decide = (auditItemId: string) =>
        db.adjudication.create({
          data: { auditId: audit.id, auditItemId, adjudicatorId: adjudicator.id, finalLabels: {}, rationale: "r" },
        });
      await decide(waiting[0]!.auditItemId);
      expect((await listNotifications(db, adjudicator)).entries).toEqual([expect.objectContaining({ count: waiting.length - 1 })]);
      for (const row of waiting.slice(1)) await decide(row.auditItemId);
      expect(await kinds(db, adjudicator)).toEqual([]);
      await db.adjudication.deleteMany({ where: { auditId: audit.id } });

      // Messages: to those who posted in the thread, from the others; never to a rater.
      const { id: auditItemId } = await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id }, orderBy: { sampleOrder: "asc" } });
      const post = async (u: typeof organizer, text: string) =>
        postMessage(db, u.id, await authorizeThread(db, u, audit.id, auditItemId), { auditId: audit.id, auditItemId, text });
      await post(organizer, "Please look at option C.");
      expect(await kinds(db, organizer)).toEqual([]);
      await post(adjudicator, "Looked: C stands.");
      const org = await listNotifications(db, organizer);
      expect(org.entries).toEqual([
        expect.objectContaining({
          kind: "message",
          from: adjudicator.name,
          href: `/audits/${audit.id}/adjudicate/${auditItemId}#discussion`,
          unread: true,
        }),
      ]);
      expect(org.unread).toBe(1);
      expect(await kinds(db, rater)).toEqual([]);

      // Read up to the newest shown; a later message is unread again; the stamp never moves back.
      await markSeen(db, organizer.id, new Date(org.entries[0]!.at));
      expect(await listNotifications(db, organizer)).toMatchObject({ unread: 0, entries: [{ kind: "message", unread: false }] });
      await new Promise((r) => setTimeout(r, 5));
      await post(adjudicator, "And the evidence is E012.");
      await markSeen(db, organizer.id, new Date(0));
      expect(await kinds(db, organizer)).toEqual(["message:unread", "message:read"]);

      // The adjudicator withdrawn: no more adjudication notice for them, the creating organizer has it.
      await withdrawResultsAccess(db, organizer.id, audit.id);
      expect((await kinds(db, adjudicator)).some((k) => k.startsWith("adjudication") || k.startsWith("message"))).toBe(false);
      expect((await listNotifications(db, organizer)).entries.map((e) => e.kind)).toContain("adjudication");
    } finally {
      await db.$disconnect();
    }
  });
});
