// Group commit of rating saves (lib/server/review/rating-batch.ts through group-commit.ts): many
// raters saving at once share transactions, every acknowledged save is in the database with its
// audit-trail row, and a save that is refused — by the rules or by the database — is refused
// alone while the others of its batch are kept.
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { ratingCommits, saveRating } from "@/lib/server/review/save-rating";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target, type TestDatabase } from "./databases";

const RATERS = 100;

/** One item rated by RATERS clinicians (accounts without passwords: hashing 100 would dominate). */
async function world(db: Db) {
  const w = await seedAudit(db, { raters: RATERS, signIn: false });
  return { raters: w.raters.map((r) => ({ id: r.id, assignmentId: w.assignmentOf(r.id).id })) };
}

async function stored(db: Db) {
  const ratings = await db.rating.findMany({ select: { assignmentId: true, dimension: true, category: true, version: true } });
  const events = await db.auditEvent.findMany({
    where: { action: { in: ["rating.save", "rating.undo"] } },
    select: { actorId: true, entityId: true, before: true, after: true },
  });
  return { ratings, events };
}

/** Makes the database itself refuse a rating row of one assignment (a failure inside the batch's transaction). */
async function refuseRowsOf(database: TestDatabase, db: Db, assignmentId: string) {
  if (database.name === "sqlite") {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_one BEFORE INSERT ON "Rating" WHEN NEW."assignmentId" = '${assignmentId}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
  } else {
    await db.$executeRawUnsafe(
      `CREATE FUNCTION refuse_one() RETURNS trigger AS $$ BEGIN IF NEW."assignmentId" = '${assignmentId}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_one BEFORE INSERT ON "Rating" FOR EACH ROW EXECUTE FUNCTION refuse_one()`);
  }
}

describe.each(DATABASES)("rating saves in group commits on $name", (database) => {
  afterAll(() => database.dropAll());
  let url = "";
  async function freshDb() {
    url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it(`${RATERS} raters saving at once: all acknowledged, all durable, in far fewer transactions`, { timeout: 120_000 }, async () => {
    const db = await freshDb();
    const { raters } = await world(db);
    const before = ratingCommits(db);
    const outcomes = await Promise.all(
      raters.map((r) => saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 })),
    );
    expect(outcomes.every((o) => o.version === 1)).toBe(true);
    expect(ratingCommits(db) - before).toBeLessThanOrEqual(5);
    // Then every rater changes it at once: compare-and-set on version 1.
    const changed = await Promise.all(
      raters.map((r) =>
        saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "incorrect", expectedVersion: 1 }),
      ),
    );
    expect(changed.every((o) => o.version === 2)).toBe(true);
    // Read through a second client: what is committed, not what this one holds.
    const reader = createDb(url);
    const { ratings, events } = await stored(reader);
    await reader.$disconnect();
    expect(ratings).toHaveLength(RATERS);
    expect(ratings.every((r) => r.dimension === "gold" && r.category === "incorrect" && r.version === 2)).toBe(true);
    expect(events).toHaveLength(2 * RATERS);
    for (const r of raters) {
      const mine = events.filter((e) => e.entityId === r.assignmentId);
      expect(mine.map((e) => e.actorId)).toEqual([r.id, r.id]);
      expect(mine.map((e) => e.after)).toEqual(
        expect.arrayContaining([
          { dimension: "gold", category: "correct", version: 1 },
          { dimension: "gold", category: "incorrect", version: 2 },
        ]),
      );
    }
    await db.$disconnect();
  });

  it("a save refused by the rules is refused alone; the rest of its batch is kept", { timeout: 120_000 }, async () => {
    const db = await freshDb();
    const { raters } = await world(db);
    const [intruder, victim] = raters;
    const saves = raters.map((r, i) => {
      if (i === 0)
        return saveRating(db, intruder!.id, {
          assignmentId: victim!.assignmentId,
          dimension: "gold",
          category: "correct",
          expectedVersion: 0,
        }); // not theirs
      if (i === 2)
        return saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "no-such-category", expectedVersion: 0 });
      if (i === 3)
        return saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "correct", expectedVersion: 4 }); // stale
      return saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 });
    });
    const settled = await Promise.allSettled(saves);
    expect(settled[0]).toMatchObject({ status: "rejected", reason: { code: "NOT_FOUND" } });
    expect(settled[2]).toMatchObject({ status: "rejected", reason: { code: "INVALID" } });
    expect(settled[3]).toMatchObject({
      status: "rejected",
      reason: { code: "CONFLICT", body: { current: { version: 0, category: null } } },
    });
    const kept = settled.filter((_, i) => ![0, 2, 3].includes(i));
    expect(kept.every((s) => s.status === "fulfilled")).toBe(true);
    const { ratings, events } = await stored(db);
    expect(ratings.map((r) => r.assignmentId).sort()).toEqual(
      raters
        .filter((_, i) => ![0, 2, 3].includes(i))
        .map((r) => r.assignmentId)
        .sort(),
    );
    expect(events).toHaveLength(RATERS - 3);
    await db.$disconnect();
  });

  it("a save the database refuses inside a batch fails alone: the others are written again and kept", { timeout: 120_000 }, async () => {
    const db = await freshDb();
    const { raters } = await world(db);
    const bad = raters[42]!;
    await refuseRowsOf(database, db, bad.assignmentId);
    const settled = await Promise.allSettled(
      raters.map((r) =>
        saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "uncertain", expectedVersion: 0 }),
      ),
    );
    expect(settled[42]!.status).toBe("rejected");
    expect(settled.filter((_, i) => i !== 42).every((s) => s.status === "fulfilled" && s.value.version === 1)).toBe(true);
    const { ratings, events } = await stored(db);
    expect(ratings).toHaveLength(RATERS - 1);
    expect(ratings.some((r) => r.assignmentId === bad.assignmentId)).toBe(false);
    expect(events).toHaveLength(RATERS - 1);
    await db.$disconnect();
  });

  it("two saves of one rating in one batch behave as if sent one after the other", async () => {
    const db = await freshDb();
    const { raters } = await world(db);
    const r = raters[0]!;
    const base = { assignmentId: r.assignmentId, dimension: "gold" };
    // Two tabs both on version 0: the first wins, the second is told the stored state.
    const [first, second] = await Promise.allSettled([
      saveRating(db, r.id, { ...base, category: "correct", expectedVersion: 0 }),
      saveRating(db, r.id, { ...base, category: "incorrect", expectedVersion: 0 }),
    ]);
    expect(first).toMatchObject({ status: "fulfilled", value: { version: 1, category: "correct" } });
    expect(second).toMatchObject({
      status: "rejected",
      reason: { code: "CONFLICT", body: { current: { version: 1, category: "correct" } } },
    });
    // A save and the next one on top of it, sent together: both land, in order.
    const [c, d] = await Promise.all([
      saveRating(db, r.id, { ...base, category: "uncertain", expectedVersion: 1 }),
      saveRating(db, r.id, { ...base, category: null, expectedVersion: 2, undo: true }),
    ]);
    expect(c).toMatchObject({ version: 2 });
    expect(d).toMatchObject({ version: 3, category: null });
    const { ratings, events } = await stored(db);
    expect(ratings).toEqual([{ assignmentId: r.assignmentId, dimension: "gold", category: null, version: 3 }]);
    expect(events.map((e) => e.after)).toEqual(
      expect.arrayContaining([
        { dimension: "gold", category: "uncertain", version: 2 },
        { dimension: "gold", category: null, version: 3 },
      ]),
    );
    await db.$disconnect();
  });
});
