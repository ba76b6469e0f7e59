// Comments as results: the organizer's comments view and CSV, and the adjudication queue.
import { afterAll, describe, expect, it } from "vitest";
import { keptAdjudicationQueue } from "@/lib/server/reports/kept-report";
import { keptAuditComments, loadAuditComments } from "@/lib/server/reports/audit-comments";
import { threadCounts } from "@/lib/server/reports/thread/client";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { renderExport } from "@/lib/server/reports/export-files";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

describe.each(DATABASES)("audit comments on $name", (database) => {
  afterAll(() => database.dropAll());

  it("reach the organizer's view, the CSV and the adjudication queue, also on a unanimous item", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const email = (n: number) => `clinician${n}@demo.clinaudit`;
      const users = await Promise.all([1, 2, 3].map((n) => db.user.findUniqueOrThrow({ where: { email: email(n) } })));
      // An item the two seeded raters rated alike on both dimensions; the third agrees and comments.
      const snapshot0 = (await loadAuditSnapshot(db, audit.id))!;
      const unanimous = snapshot0.items.find((item) =>
        snapshot0.rubric.every(
          (d) => new Set(snapshot0.ratings.filter((r) => r.itemId === item.id && r.dimension === d.key).map((r) => r.category)).size === 1,
        ),
      )!;
      const mine = await db.assignment.findFirstOrThrow({ where: { auditItemId: unanimous.id, userId: users[0]!.id } });
      for (const d of snapshot0.rubric) {
        const category = snapshot0.ratings.find((r) => r.itemId === unanimous.id && r.dimension === d.key)!.category;
        await saveRating(db, users[0]!.id, { assignmentId: mine.id, dimension: d.key, category, expectedVersion: 0 });
      }
      expect((await keptAdjudicationQueue(db, audit.id))!.rows.find((r) => r.auditItemId === unanimous.id)).toBeUndefined();
      const first = await saveComment(db, users[0]!.id, {
        assignmentId: mine.id,
        comment: "Gold fits, but the stem omits the 36-week BP.",
        expectedVersion: 0,
      });
      // The dashboard keeps the comments per version: the same version gives the kept rows, and
      // an edited comment gives another version, so the edit shows.
      const kept = async () => keptAuditComments(db, snapshot0, await dashboardVersion(db, audit.id));
      const before = await kept();
      expect(await kept()).toBe(before);
      expect(before.find((c) => c.itemId === unanimous.id)?.text).toBe("Gold fits, but the stem omits the 36-week BP.");
      await saveComment(db, users[0]!.id, {
        assignmentId: mine.id,
        comment: "Gold fits; the stem omits the 36-week BP, =1+1",
        expectedVersion: first.version,
      });

      // Beside a report from before the edit, the comments kept last, without waiting.
      const edited = await dashboardVersion(db, audit.id);
      expect(await keptAuditComments(db, snapshot0, edited, { orLatest: true })).toBe(before);
      // Read in the report thread, off the event loop.
      const answered = threadCounts().answered;
      expect((await kept()).find((c) => c.itemId === unanimous.id)?.text).toBe("Gold fits; the stem omits the 36-week BP, =1+1");
      expect(threadCounts().answered).toBe(answered + 1);
      const snapshot = (await loadAuditSnapshot(db, audit.id))!;
      const comments = await loadAuditComments(db, snapshot);
      expect(comments).toHaveLength(1);
      const c = comments[0]!;
      expect(c).toMatchObject({
        itemId: unanimous.id,
        externalId: unanimous.externalId,
        text: "Gold fits; the stem omits the 36-week BP, =1+1",
      });
      expect(c.rater).toBe(snapshot.raters.find((r) => r.id === users[0]!.id)!.label);
      expect(c.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(c.ratings.gold).toBe(snapshot.ratings.find((r) => r.itemId === unanimous.id && r.dimension === "gold")!.category);

      const csv = renderExport(snapshot, "comments.csv", { comments })!;
      expect(csv.split("\n")[0]).toBe("item,rater,saved_at,gold,question,comment");
      expect(csv).toContain(`${unanimous.externalId},${c.rater},${c.savedAt},`);
      expect(csv).not.toMatch(/clinician1|Clara|@demo/);

      const row = (await keptAdjudicationQueue(db, audit.id))!.rows.find((r) => r.auditItemId === unanimous.id);
      expect(row?.reasons).toEqual(["commented"]);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
