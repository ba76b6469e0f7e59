// The live dashboard refreshes when, and only when, its figures' inputs change.
import { afterAll, describe, expect, it } from "vitest";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { saveRating } from "@/lib/server/review/save-rating";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

describe.each(DATABASES)("dashboard version on $name", (database) => {
  afterAll(() => database.dropAll());

  it("changes with a new rating, a changed rating and the audit's status, not otherwise", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const rater = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      const organizer = await db.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: rater.id } });
      const v0 = await dashboardVersion(db, audit.id);
      expect(await dashboardVersion(db, audit.id)).toBe(v0);
      const saved = await saveRating(db, rater.id, {
        assignmentId: assignment.id,
        dimension: "gold",
        category: "correct",
        expectedVersion: 0,
      });
      const v1 = await dashboardVersion(db, audit.id);
      expect(v1).not.toBe(v0);
      await saveRating(db, rater.id, {
        assignmentId: assignment.id,
        dimension: "gold",
        category: "incorrect",
        expectedVersion: saved.ok ? saved.data.version : -1,
      });
      const v2 = await dashboardVersion(db, audit.id);
      expect(v2).not.toBe(v1);
      await setAuditStatus(db, organizer.id, audit.id, "close");
      expect(await dashboardVersion(db, audit.id)).not.toBe(v2);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
