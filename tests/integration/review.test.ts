import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { assignClinicians, withdrawClinician } from "@/lib/server/audits/assign";
import { auditProgress } from "@/lib/server/audits/progress";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadCase } from "@/tests/support/load-case";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("review workflow on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("shows nothing before the audit opens, then only pre-cutoff records and one's own ratings", async () => {
    const db = await freshDb();
    const { organizer, clinicians, audit } = await world(db);
    const [a, b] = clinicians;
    expect(await reviewQueue(db, a!.id)).toEqual([]);
    await setAuditStatus(db, organizer.id, audit.id, "open");

    const queueA = await reviewQueue(db, a!.id);
    const queueB = await reviewQueue(db, b!.id);
    // One audit's queue (the case page's) is that audit's entry of the whole queue.
    expect(await reviewQueue(db, a!.id, { auditId: audit.id })).toEqual(queueA.filter((q) => q.id === audit.id));
    expect(await reviewQueue(db, a!.id, { auditId: "no-such-audit" })).toEqual([]);
    const idA = queueA[0]!.items[0]!.assignmentId;
    const idB = queueB[0]!.items[0]!.assignmentId;
    expect(await saveRating(db, b!.id, { assignmentId: idB, dimension: "gold", category: "incorrect", expectedVersion: 0 })).toMatchObject({
      version: 1,
    });
    await saveComment(db, b!.id, { assignmentId: idB, comment: "B-SECRET-COMMENT", expectedVersion: 0 });
    await saveRating(db, a!.id, { assignmentId: idA, dimension: "gold", category: "correct", expectedVersion: 0 });

    const caseA = await loadCase(db, a!.id, idA);
    expect(caseA).not.toBeNull();
    const serialized = JSON.stringify(caseA);
    expect(serialized).not.toContain("FUTURE-ONLY");
    expect(serialized).not.toContain("E099");
    expect(serialized).not.toContain("B-SECRET-COMMENT");
    expect(caseA!.events.map((e) => e.event.eventId)).toEqual(["E001", "E014", "E015"]);
    expect(caseA!.ratings).toEqual([{ dimension: "gold", category: "correct", version: 1 }]);
    // Someone else's assignment is not found at all.
    expect(await loadCase(db, a!.id, idB)).toBeNull();
    await expect(saveRating(db, a!.id, { assignmentId: idB, dimension: "gold", category: "correct", expectedVersion: 1 })).rejects.toThrow(
      /does not exist/,
    );
    await db.$disconnect();
  });

  it("resolves two tabs predictably, counts progress, and locks ratings on close", async () => {
    const db = await freshDb();
    const { organizer, clinicians, audit } = await world(db);
    const [a] = clinicians;
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const id = (await reviewQueue(db, a!.id))[0]!.items[0]!.assignmentId;
    expect(await saveRating(db, a!.id, { assignmentId: id, dimension: "gold", category: "correct", expectedVersion: 0 })).toMatchObject({
      version: 1,
    });
    // The second tab still believes version 0: it is told, and shown the stored value.
    await expect(
      saveRating(db, a!.id, { assignmentId: id, dimension: "gold", category: "incorrect", expectedVersion: 0 }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Changed in another tab or window — showing the latest saved value.",
      body: { current: { category: "correct", version: 1 } },
    });
    await expect(saveRating(db, a!.id, { assignmentId: id, dimension: "nope", category: null, expectedVersion: 0 })).rejects.toMatchObject({
      catalog: { key: "review.errors.unknownDimension" },
    });
    await expect(
      saveRating(db, a!.id, { assignmentId: id, dimension: "gold", category: "nope", expectedVersion: 1 }),
    ).rejects.toMatchObject({ catalog: { key: "review.errors.unknownCategory" } });
    await saveRating(db, a!.id, { assignmentId: id, dimension: "question", category: "clear", expectedVersion: 0 });
    const progress = await auditProgress(db, audit.id);
    expect(progress?.clinicians.find((c) => c.userId === a!.id)).toMatchObject({ assigned: 1, done: 1 });
    expect(progress).toMatchObject({ assigned: 3, done: 1 });

    await setAuditStatus(db, organizer.id, audit.id, "close");
    // Shown in the reader's language: the error names its catalog message.
    await expect(
      saveRating(db, a!.id, { assignmentId: id, dimension: "gold", category: "incorrect", expectedVersion: 1 }),
    ).rejects.toMatchObject({
      message: "This audit is closed; ratings are locked.",
      catalog: { key: "review.errors.closed" },
    });
    const trail = await db.auditEvent.findMany({ where: { entityId: audit.id }, orderBy: { at: "asc" } });
    expect(trail.map((e) => e.action)).toEqual(["audit.create", "audit.assign", "audit.open", "audit.close"]);
    await db.$disconnect();
  });

  it("assigns by a manual plan, withdraws with history kept, and reinstates", async () => {
    const db = await freshDb();
    const { organizer, clinicians, audit } = await world(db);
    await db.assignment.deleteMany({ where: { auditId: audit.id } });
    const externalId = (
      await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id }, select: { item: { select: { externalId: true } } } })
    ).item.externalId;
    await expect(
      assignClinicians(db, organizer.id, {
        auditId: audit.id,
        clinicianIds: [],
        design: "MANUAL",
        manual: `${externalId}, nobody@example.org`,
      }),
    ).rejects.toThrow(/line 1/);
    expect(await db.assignment.count()).toBe(0);
    await assignClinicians(db, organizer.id, {
      auditId: audit.id,
      clinicianIds: [],
      design: "MANUAL",
      manual: `${externalId}, a@example.org\n${externalId}, c@example.org`,
    });
    expect((await db.assignment.findMany({ select: { userId: true } })).map((a) => a.userId).sort()).toEqual(
      [clinicians[0]!.id, clinicians[2]!.id].sort(),
    );
    await withdrawClinician(db, organizer.id, audit.id, clinicians[0]!.id);
    expect(await db.assignment.count({ where: { active: true } })).toBe(1);
    expect(await db.assignment.count()).toBe(2);
    await assignClinicians(db, organizer.id, {
      auditId: audit.id,
      clinicianIds: [],
      design: "MANUAL",
      manual: `${externalId}, a@example.org`,
    });
    expect(await db.assignment.count({ where: { active: true } })).toBe(2);
    const actions = (await db.auditEvent.findMany({ where: { entityId: audit.id }, orderBy: { at: "asc" } })).map((e) => e.action);
    expect(actions.filter((a) => a === "audit.withdraw")).toHaveLength(1);
    await db.$disconnect();
  });

  it("many concurrent first saves of different ratings all land exactly once", async () => {
    const db = await freshDb();
    const { organizer, clinicians, audit } = await world(db);
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const ids = await Promise.all(clinicians.map(async (c) => ({ c, id: (await reviewQueue(db, c.id))[0]!.items[0]!.assignmentId })));
    const results = await Promise.allSettled(
      ids.flatMap(({ c, id }) =>
        ["gold", "question"].map((dimension) =>
          saveRating(db, c.id, { assignmentId: id, dimension, category: dimension === "gold" ? "correct" : "clear", expectedVersion: 0 }),
        ),
      ),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await db.rating.count()).toBe(6);
    await db.$disconnect();
  });
});
