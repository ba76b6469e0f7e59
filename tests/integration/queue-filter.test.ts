// The rater's queue filter reads the kept queue: a comment and a flag saved after the queue was
// read reach it (the catch-up), with the item's patient; "my ratings" shows only one's own answers.
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import { filterQueue } from "@/lib/review/queue-filter";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { setFlag } from "@/lib/server/review/flag";
import { myAnswers } from "@/lib/server/review/my-answers";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("a rater's queue filter on $name", (database) => {
  afterAll(() => database.dropAll());

  it("keeps comments, flags and patients in the kept queue and answers only the rater's own", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, clinicians, audit } = await world(db);
    const [a, b] = clinicians;
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const before = (await reviewQueue(db, a!.id))[0]!.items;
    expect(before[0]).toMatchObject({ commented: false, flagged: false, patient: "SYN-P0001" });
    const id = before[0]!.assignmentId;

    await saveComment(db, a!.id, { assignmentId: id, comment: "check the dating", expectedVersion: 0 });
    const commented = (await reviewQueue(db, a!.id))[0]!.items;
    expect(filterQueue(commented, { show: "commented" }).map((i) => i.assignmentId)).toEqual([id]);
    expect(filterQueue(commented, { show: "flagged" })).toEqual([]);
    await setFlag(db, a!.id, { assignmentId: id, flagged: true });
    await saveRating(db, a!.id, { assignmentId: id, dimension: "gold", category: "correct", expectedVersion: 0 });
    const after = (await reviewQueue(db, a!.id))[0]!.items;
    expect(filterQueue(after, { show: "flagged", patient: "p0001" }).map((i) => i.assignmentId)).toEqual([id]);
    expect(filterQueue(after, { show: "rated" }).map((i) => i.assignmentId)).toEqual([id]);
    // B's queue knows nothing of A's comment or flag.
    expect((await reviewQueue(db, b!.id))[0]!.items[0]).toMatchObject({ commented: false, flagged: false });

    const gold = DEFAULT_RUBRIC.find((d) => d.key === "gold")!;
    const mine = await myAnswers(db, a!.id, DEFAULT_RUBRIC, [id]);
    expect(mine.get(id)).toEqual([
      { dimension: gold.label, turnOrder: null, category: gold.categories.find((c) => c.key === "correct")!.label },
    ]);
    // Another rater asking for A's assignment gets nothing.
    expect((await myAnswers(db, b!.id, DEFAULT_RUBRIC, [id])).size).toBe(0);
    await db.$disconnect();
  });
});
