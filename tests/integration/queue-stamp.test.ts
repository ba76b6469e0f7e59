// A rater's kept queue knows that nothing changed from one row, their QueueStamp, which the
// database's triggers move on every write of their assignments and ratings in the audit, whoever
// writes; a full review's case page then costs no aggregate over thousands of rows.
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db, derivedClient } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { setFlag } from "@/lib/server/review/flag";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("a rater's queue stamp on $name", (database) => {
  afterAll(() => database.dropAll());

  it("moves with every write of the rater's rows, whoever writes, and spares the kept queue its aggregates", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const base = createDb(url);
    let queries = 0;
    const db = derivedClient(
      base.$extends({
        query: {
          $allModels: {
            $allOperations({ args, query }) {
              queries++;
              return query(args);
            },
          },
        },
      }),
      base,
    ) as unknown as Db;
    try {
      const { organizer, clinicians, audit } = await world(db);
      const [a, b] = clinicians;
      const stamp = async (userId: string) =>
        (await base.queueStamp.findUniqueOrThrow({ where: { userId_auditId: { userId, auditId: audit.id } } })).changes;
      await setAuditStatus(db, organizer.id, audit.id, "open");
      const items = (await reviewQueue(db, a!.id))[0]!.items;
      const id = items[0]!.assignmentId;

      // Unchanged: the kept queue is answered after one read of the stamp.
      const counted = async () => {
        const before = queries;
        await reviewQueue(db, a!.id);
        return queries - before;
      };
      // The rater's audits and their stamp: 2 queries (a scan of their assignments and the four
      // aggregates made it 7).
      const quiet = await counted();
      expect(quiet).toBe(2);

      const moves: [string, () => Promise<unknown>][] = [
        ["a rating saved", () => saveRating(db, a!.id, { assignmentId: id, dimension: "gold", category: "correct", expectedVersion: 0 })],
        ["a comment", () => saveComment(db, a!.id, { assignmentId: id, comment: "dating?", expectedVersion: 0 })],
        ["a flag", () => setFlag(db, a!.id, { assignmentId: id, flagged: true })],
        // Writers that are not the app's server functions (another tool, a hand-made query).
        ["a rating changed by hand", () => base.rating.updateMany({ where: { assignmentId: id }, data: { category: "incorrect" } })],
        ["a rating deleted by hand", () => base.rating.deleteMany({ where: { assignmentId: id } })],
        ["active time added by hand", () => base.assignment.update({ where: { id }, data: { activeMs: { increment: 1000 } } })],
        ["the assignment withdrawn by hand", () => base.assignment.update({ where: { id }, data: { active: false } })],
      ];
      for (const [what, write] of moves) {
        const [mine, theirs] = [await stamp(a!.id), await stamp(b!.id)];
        await write();
        expect(await stamp(a!.id), what).toBeGreaterThan(mine);
        expect(await stamp(b!.id), `${what}: another rater's stamp`).toBe(theirs);
      }
      // The kept queue followed every one of them: the withdrawn assignment left it.
      expect((await reviewQueue(db, a!.id))[0]?.items ?? []).toEqual([]);
      await base.assignment.update({ where: { id }, data: { active: true } });
      expect((await reviewQueue(db, a!.id))[0]!.items[0]).toMatchObject({
        assignmentId: id,
        status: "todo",
        flagged: true,
        commented: true,
      });
      expect(await counted()).toBe(quiet);
    } finally {
      await base.$disconnect();
    }
  }, 60_000);

  // Prisma's SQLite migrations rebuild a table to change it, which drops its triggers: a later
  // migration that rebuilds Rating or Assignment must create these again.
  it("has its triggers after every migration, and a row for every rater of every audit", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    try {
      await world(db);
      const rows =
        database.name === "sqlite"
          ? await db.$queryRawUnsafe<{ name: string }[]>(
              `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'QueueStamp%'`,
            )
          : await db.$queryRawUnsafe<{ name: string }[]>(`SELECT tgname AS name FROM pg_trigger WHERE tgname LIKE 'QueueStamp%'`);
      expect(rows.map((r) => r.name).sort()).toEqual(
        database.name === "sqlite"
          ? [
              "QueueStamp_assignment_delete",
              "QueueStamp_assignment_insert",
              "QueueStamp_assignment_update",
              "QueueStamp_rating_delete",
              "QueueStamp_rating_insert",
              "QueueStamp_rating_update",
            ]
          : ["QueueStamp_assignment", "QueueStamp_rating"],
      );
      const pairs = await db.assignment.findMany({ distinct: ["userId", "auditId"], select: { userId: true, auditId: true } });
      expect(await db.queueStamp.count()).toBe(pairs.length);
    } finally {
      await db.$disconnect();
    }
  }, 60_000);
});
