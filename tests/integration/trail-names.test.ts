// The audit trail names people, audits and items instead of showing raw ids (issue 15), resolved
// for a whole page in one query per kind of record; the raw ids stay beside the names.
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { listTrail, trailCsv } from "@/lib/server/audit-trail-query";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { setFlag } from "@/lib/server/review/flag";
import { resetPassword } from "@/lib/server/users/manage-user";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

/** `db` with a count of findMany calls per model, to see that lookups are batched. */
function counting(db: Db) {
  const calls: Record<string, number> = {};
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || prop.startsWith("$") || typeof value !== "object" || value === null || !("findMany" in value))
        return value;
      return new Proxy(value, {
        get(model, key, r) {
          const fn = Reflect.get(model, key, r);
          if (key !== "findMany") return fn;
          return (...args: unknown[]) => {
            calls[prop] = (calls[prop] ?? 0) + 1;
            return (fn as (...a: unknown[]) => unknown).apply(model, args);
          };
        },
      });
    },
  });
  return { db: proxy as Db, calls };
}

describe.each(DATABASES)("trail names on $name", (database) => {
  afterAll(() => database.dropAll());

  it("shows assignment and reset events with names, keeps the ids, and batches the lookups", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    try {
      const { organizer, clinicians, audit } = await world(db);
      await db.user.update({ where: { id: clinicians[0]!.id }, data: { name: "Dr. Alice Adeyemi" } });
      await setAuditStatus(db, organizer.id, audit.id, "open");
      const assignments = await db.assignment.findMany({
        where: { auditId: audit.id },
        include: { auditItem: { include: { item: true } } },
      });
      for (const a of assignments) await setFlag(db, a.userId, { assignmentId: a.id, flagged: true });
      await resetPassword(db, organizer.id, clinicians[0]!.id);

      const { db: watched, calls } = counting(db);
      const { rows } = await listTrail(watched, { page: 1, pageSize: 50, filters: {} });
      const alice = "Dr. Alice Adeyemi <a@example.org>";

      const reset = rows.find((r) => r.action === "user.reset-password")!;
      expect(reset.entityId).toBe(clinicians[0]!.id);
      expect(reset.subject).toEqual({ user: alice });

      const aliceAssignment = assignments.find((a) => a.userId === clinicians[0]!.id)!;
      const flag = rows.find((r) => r.action === "flag.set" && r.entityId === aliceAssignment.id)!;
      expect(flag.subject).toEqual({ audit: "T", item: aliceAssignment.auditItem.item.externalId, user: alice });

      const assign = rows.find((r) => r.action === "audit.assign")!;
      expect(assign.subject).toEqual({ audit: "T" });
      expect(assign.after).toContain(clinicians[0]!.id);
      expect(assign.afterText).toContain(alice);
      expect(assign.afterText).not.toContain(clinicians[0]!.id);

      const created = rows.find((r) => r.action === "audit.create")!;
      expect(created.afterText).toMatch(/"datasetId":"[^"]+ v1"/);

      // Three assignment events, three users: still one query for each kind of record.
      expect(rows.filter((r) => r.entity === "Assignment").length).toBeGreaterThanOrEqual(3);
      expect(calls.assignment).toBe(1);
      expect(calls.user).toBe(1);

      let csv = "";
      for await (const chunk of trailCsv(db, { filters: {} })) csv += chunk;
      expect(csv.split("\n")[0]).toBe("at,actor,action,entity,entity_id,before,after,entity_name,names");
      const resetLine = csv.split("\n").find((l) => l.includes(",user.reset-password,"))!;
      expect(resetLine).toContain(clinicians[0]!.id);
      expect(resetLine).toContain(alice);
    } finally {
      await db.$disconnect();
    }
  });
});
