// Saves from two app instances on one PostgreSQL: each instance is its own Prisma client with its
// own pool and its own group commit (lib/server/review/save-rating.ts), as two `next start`
// processes are. Every acknowledged save must be in the database exactly once, with its trail
// row; two tabs of one rater racing on one rating through different instances give one winner
// and one conflict that names the winner's state; and a save must not fail because its instance
// was too busy to start its transaction in time (what `bench --only pair` hit: 155 of 400 burst
// saves answered "Something went wrong", P2028 "Unable to start a transaction in the given time").
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { setFlag } from "@/lib/server/review/flag";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { seedAudit } from "@/tests/support/world";
import { postgres, target } from "./databases";

const run = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

/** An open one-item audit rated by `n` clinicians (accounts without passwords: hashing would dominate). */
async function world(db: Db, n: number) {
  const { assignments } = await seedAudit(db, { raters: n, signIn: false });
  return assignments.map((a) => ({ id: a.userId, assignmentId: a.id }));
}

/** What the database holds, read through a third client: what is committed. */
async function stored(url: string) {
  const reader = createDb(url);
  try {
    const ratings = await reader.rating.findMany({ select: { assignmentId: true, dimension: true, category: true, version: true } });
    const events = await reader.auditEvent.groupBy({ by: ["action"], _count: true });
    const assignments = await reader.assignment.findMany({ select: { id: true, comment: true, commentVersion: true, flagged: true } });
    return { ratings, events: Object.fromEntries(events.map((e) => [e.action, e._count])), assignments };
  } finally {
    await reader.$disconnect();
  }
}

const key = (assignmentId: string, dimension: string) => `${assignmentId}/${dimension}`;

run("saves from two instances on one PostgreSQL", () => {
  afterAll(() => postgres.dropAll());

  async function twoInstances(optionsA: Parameters<typeof createDb>[1] = {}) {
    const url = await postgres.create();
    await applyMigrations(target(url));
    const a = createDb(url, optionsA);
    const b = createDb(url);
    return { url, a, b, close: () => Promise.all([a.$disconnect(), b.$disconnect()]) };
  }

  it("two tabs of each rater racing on the same ratings through different instances: one winner each time, all of it stored once", {
    timeout: 180_000,
  }, async () => {
    const { url, a, b, close } = await twoInstances();
    const raters = await world(a, 40);
    const dims = DEFAULT_RUBRIC.slice(0, 3);
    const last = new Map<string, { category: string | null; version: number }>();
    let acknowledged = 0;
    await Promise.all(
      raters.map(async (r, ri) => {
        const versions = new Map<string, number>();
        for (let round = 0; round < 6; round++) {
          const d = dims[(round + ri) % dims.length]!;
          const expectedVersion = versions.get(d.key) ?? 0;
          const categories = [0, 1].map((tab) => d.categories[(round + tab) % d.categories.length]!.key);
          // Tab 0 on instance a, tab 1 on instance b, both sent from the same stored version.
          const [x, y] = await Promise.allSettled(
            [a, b].map((db, tab) =>
              saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: d.key, category: categories[tab]!, expectedVersion }),
            ),
          );
          const won = [x!, y!].flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
          expect(won).toHaveLength(1);
          const winner = won[0]!;
          expect(winner.version).toBe(expectedVersion + 1);
          const loser = [x!, y!].find((o) => o.status === "rejected")!;
          // The loser is told exactly what won, so the tab can show it.
          expect(loser).toMatchObject({ reason: { code: "CONFLICT", body: { current: winner } } });
          versions.set(d.key, winner.version);
          last.set(key(r.assignmentId, d.key), { category: winner.category, version: winner.version });
          acknowledged++;
        }
      }),
    );
    const { ratings, events } = await stored(url);
    expect(ratings).toHaveLength(last.size);
    for (const row of ratings)
      expect({ category: row.category, version: row.version }).toEqual(last.get(key(row.assignmentId, row.dimension)));
    expect(events["rating.save"]).toBe(acknowledged);
    await close();
  });

  it("a save whose instance is too busy to start its transaction in time is retried, not failed", { timeout: 180_000 }, async () => {
    // Instance a: 3 connections, 1 s to get one — a small model of 10 connections and 10 s on a
    // machine so loaded that 50 saves at once hold them all (bench --only pair, load 30).
    const { url, a, b, close } = await twoInstances({ poolSize: 3, transactionMaxWaitMs: 1_000 });
    const raters = await world(b, 30);
    // Every connection of a is taken for 1.5 s by other work: longer than a save may wait.
    const busy = Promise.all(
      [0, 1, 2].map(() => a.$transaction((tx) => tx.$queryRawUnsafe("SELECT 1 FROM pg_sleep(1.5)"), { maxWait: 5_000, timeout: 10_000 })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const saves = raters.flatMap((r, i) => {
      const db = i % 3 === 2 ? b : a;
      return [
        saveRating(db, r.id, { assignmentId: r.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 }),
        saveComment(db, r.id, { assignmentId: r.assignmentId, comment: `note ${i}`, expectedVersion: 0 }),
        setFlag(db, r.id, { assignmentId: r.assignmentId, flagged: true }),
      ];
    });
    const settled = await Promise.allSettled(saves);
    await busy;
    const failed = settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    expect(settled.every((s) => s.status === "fulfilled" && (!("ok" in s.value) || s.value.ok))).toBe(true);
    const { ratings, events, assignments } = await stored(url);
    expect(ratings).toHaveLength(raters.length);
    expect(ratings.every((r) => r.category === "correct" && r.version === 1)).toBe(true);
    expect(assignments.every((x) => x.commentVersion === 1 && x.flagged)).toBe(true);
    expect(events).toMatchObject({ "rating.save": raters.length, "comment.save": raters.length, "flag.set": raters.length });
    await close();
  });
});
