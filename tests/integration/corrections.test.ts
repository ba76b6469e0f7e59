// Corrections from two tabs of one reviewer: every change, a withdrawal included, is a
// compare-and-set on the version the tab last saw, so a stale tab can neither overwrite nor
// delete a newer proposal. The trail keeps both sides of every change.
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("correction versions on $name", (database) => {
  afterAll(() => database.dropAll());

  it("a stale tab's withdrawal is refused and the newer proposal kept", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, clinicians, audit } = await world(db);
    const [a] = clinicians;
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const assignmentId = (await reviewQueue(db, a!.id))[0]!.items[0]!.assignmentId;
    const save = (proposal: string | null, expectedVersion: number) =>
      saveCorrection(db, a!.id, {
        assignmentId,
        kind: "STEM",
        turnOrder: 0,
        expectedVersion,
        correction: proposal === null ? null : { kind: "STEM", proposal, rationale: "why" },
      });

    // Tab A proposes (v1); tab B, which loaded v1, edits it (v2).
    expect(await save("first", 0)).toMatchObject({ proposal: "first", version: 1, turnOrder: 0 });
    expect(await save("second", 1)).toMatchObject({ proposal: "second", version: 2 });
    // Tab A still believes v1: its edit and its withdrawal both conflict, showing B's proposal.
    const conflict = { code: "CONFLICT", body: { current: { proposal: "second", version: 2, turnOrder: 0 } } };
    await expect(save("stale edit", 1)).rejects.toMatchObject(conflict);
    await expect(save(null, 1)).rejects.toMatchObject(conflict);
    expect(await db.correction.findMany({ select: { proposal: true, version: true } })).toEqual([{ proposal: "second", version: 2 }]);

    // Withdrawing the version one has seen works; withdrawing what is gone asks for nothing.
    expect(await save(null, 2)).toBeNull();
    expect(await db.correction.count()).toBe(0);
    expect(await save(null, 2)).toBeNull();

    const trail = await db.auditEvent.findMany({
      where: { entityId: assignmentId },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      select: { action: true, before: true, after: true },
    });
    expect(trail).toEqual([
      {
        action: "correction.save",
        before: null,
        after: { kind: "STEM", turnOrder: 0, proposal: "first", newGold: null, rationale: "why", version: 1 },
      },
      {
        action: "correction.save",
        before: { kind: "STEM", turnOrder: 0, proposal: "first", newGold: null, rationale: "why", version: 1 },
        after: { kind: "STEM", turnOrder: 0, proposal: "second", newGold: null, rationale: "why", version: 2 },
      },
      {
        action: "correction.withdraw",
        before: { kind: "STEM", turnOrder: 0, proposal: "second", newGold: null, rationale: "why", version: 2 },
        after: { kind: "STEM", turnOrder: 0, withdrawn: true },
      },
    ]);
    await db.$disconnect();
  });
});
