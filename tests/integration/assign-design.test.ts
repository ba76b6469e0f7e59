// A second assignment plan adds to the first: the outcome reports the audit's resulting design
// (raters per item, load per clinician over every active assignment), not the new plan's alone,
// and a plan that would leave the audit less balanced writes nothing until it is confirmed.
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { assignClinicians } from "@/lib/server/audits/assign";
import { generateEhrBundle } from "@/lib/synth";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

describe.each(DATABASES)("assignment design on $name", (database) => {
  afterAll(() => database.dropAll());

  it("reports the resulting design and asks before unbalancing it", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    // Twelve items drawn, four clinicians, nobody assigned yet.
    const {
      organizer,
      raters: c,
      audit,
    } = await seedAudit(db, {
      benchmark: JSON.stringify(generateEhrBundle({ seed: "assign", size: "demo", patients: 6, instances: 12 }).bundle),
      raters: 4,
      signIn: false,
      items: 12,
      seed: "s",
      name: "A",
      status: "draft",
      assign: false,
    });
    const balanced = (ids: string[], extra: { confirmUnbalance?: boolean } = {}) =>
      assignClinicians(db, organizer.id, { auditId: audit.id, clinicianIds: ids, design: "BALANCED", ratersPerItem: 2, ...extra });
    /** The design as the database holds it. */
    const stored = async () => {
      const rows = await db.assignment.findMany({
        where: { auditId: audit.id, active: true },
        select: { auditItemId: true, userId: true },
      });
      const count = (key: "auditItemId" | "userId") => [
        ...rows.reduce((m, r) => m.set(r[key], (m.get(r[key]) ?? 0) + 1), new Map<string, number>()).values(),
      ];
      const [perItem, perRater] = [count("auditItemId"), count("userId")];
      return {
        minRatersPerItem: Math.min(...perItem),
        maxRatersPerItem: Math.max(...perItem),
        minLoad: Math.min(...perRater),
        maxLoad: Math.max(...perRater),
      };
    };

    const first = await balanced(c.map((u) => u.id));
    expect(first).toMatchObject({
      status: "assigned",
      created: 24,
      design: { minRatersPerItem: 2, maxRatersPerItem: 2, minLoad: 6, maxLoad: 6 },
    });
    expect(await stored()).toEqual(first.design);

    // Three of the four again: alone a balanced plan (loads 8), on top of the first it is not.
    const count = await db.assignment.count();
    const asked = await balanced(c.slice(0, 3).map((u) => u.id));
    expect(asked.status).toBe("confirm");
    if (asked.status !== "confirm") return;
    expect(asked.current).toEqual(first.design);
    expect(asked.design.maxRatersPerItem).toBeGreaterThan(2);
    expect(await db.assignment.count()).toBe(count);

    const done = await balanced(
      c.slice(0, 3).map((u) => u.id),
      { confirmUnbalance: true },
    );
    expect(done.status).toBe("assigned");
    if (done.status !== "assigned") return;
    expect(done.design).toEqual(asked.design);
    expect(done.design).toEqual(await stored());
    expect(done.plan).toEqual({ minRatersPerItem: 2, maxRatersPerItem: 2, minLoad: 8, maxLoad: 8 });
    expect(done.design).not.toEqual(done.plan);
    const trail = await db.auditEvent.findFirstOrThrow({
      where: { action: "audit.assign", entityId: audit.id },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    expect(trail.before).toEqual({ design: "BALANCED", ratersPerItem: 2, assignments: 24 });
    expect(trail.after).toMatchObject({ resulting: done.design, confirmedUnbalance: true });
    // The same plan once more changes nothing and asks nothing.
    expect(await balanced(c.slice(0, 3).map((u) => u.id))).toMatchObject({ status: "assigned", created: 0, design: done.design });
    await db.$disconnect();
  });
});
