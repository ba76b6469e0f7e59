// The live dashboard refreshes when, and only when, its figures' inputs change.
import { afterAll, describe, expect, it } from "vitest";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { keptExport, keptProgress, keptReport } from "@/lib/server/reports/kept-report";
import { recordActiveTime } from "@/lib/server/review/active-time";
import { setFlag } from "@/lib/server/review/flag";
import { withdrawClinician } from "@/lib/server/audits/assign";
import { saveRating } from "@/lib/server/review/save-rating";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";
import { downloadText } from "../support/downloads";

describe.each(DATABASES)("dashboard version on $name", (database) => {
  afterAll(() => database.dropAll());

  it("changes with every input of the report, not otherwise; the kept report follows it", async () => {
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
        expectedVersion: saved.version,
      });
      const v2 = await dashboardVersion(db, audit.id);
      expect(v2).not.toBe(v1);
      // What else the report reads: flags, active time, a withdrawn rater.
      const kept = (await keptReport(db, audit.id))!;
      const progress = await keptProgress(db, audit.id);
      expect(await keptProgress(db, audit.id)).toBe(progress);
      expect(await keptReport(db, audit.id)).toBe(kept);
      expect(kept.version).toBe(v2);
      await setFlag(db, rater.id, { assignmentId: assignment.id, flagged: true });
      const v3 = await dashboardVersion(db, audit.id);
      expect(v3).not.toBe(v2);
      const reflagged = (await keptReport(db, audit.id))!;
      expect((await keptProgress(db, audit.id))!.flagged).toBe(progress!.flagged + 1);
      expect(reflagged).not.toBe(kept);
      // The downloads are rendered (in the report thread) from the same version.
      const times = (await downloadText(await keptExport(db, audit.id, "time-on-task.csv")))!.trim().split("\n");
      expect(times.filter((line) => line.split(",")[3] === "true")).toHaveLength(progress!.flagged + 1);
      await recordActiveTime(db, rater.id, { assignmentId: assignment.id, ms: 30_000 });
      const v4 = await dashboardVersion(db, audit.id);
      expect(v4).not.toBe(v3);
      const other = await db.user.findUniqueOrThrow({ where: { email: "clinician2@demo.clinaudit" } });
      await withdrawClinician(db, organizer.id, audit.id, other.id);
      const v5 = await dashboardVersion(db, audit.id);
      expect(v5).not.toBe(v4);
      expect((await keptReport(db, audit.id))!.head.raters.map((r) => r.id)).not.toContain(other.id);
      await setAuditStatus(db, organizer.id, audit.id, "close");
      const v6 = await dashboardVersion(db, audit.id);
      expect(v6).not.toBe(v5);
      // Counted by the database, whoever writes: here a write that no server function made.
      await db.rating.updateMany({ where: { assignmentId: assignment.id }, data: { category: "uncertain" } });
      const v7 = await dashboardVersion(db, audit.id);
      expect(v7).not.toBe(v6);
      await db.rating.deleteMany({ where: { assignmentId: assignment.id } });
      expect(await dashboardVersion(db, audit.id)).not.toBe(v7);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);

  // Prisma's SQLite migrations rebuild a table to change it, which drops its triggers: a later
  // migration that rebuilds Rating, Assignment, Audit, Correction or CorrectionDecision must
  // create these again.
  it("has the change counter's triggers after every migration", async () => {
    const db = await demoWorld(database);
    try {
      const rows =
        database.name === "sqlite"
          ? await db.$queryRawUnsafe<{ name: string }[]>(
              `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'AuditStamp%'`,
            )
          : await db.$queryRawUnsafe<{ name: string }[]>(`SELECT tgname AS name FROM pg_trigger WHERE tgname LIKE 'AuditStamp%'`);
      const names = rows.map((r) => r.name).sort();
      expect(names).toEqual(
        database.name === "sqlite"
          ? [
              "AuditStamp_assignment_delete",
              "AuditStamp_assignment_insert",
              "AuditStamp_assignment_update",
              "AuditStamp_audit_insert",
              "AuditStamp_correction_delete",
              "AuditStamp_correction_update",
              "AuditStamp_decision_delete",
              "AuditStamp_decision_insert",
              "AuditStamp_decision_update",
              "AuditStamp_rating_delete",
              "AuditStamp_rating_insert",
              "AuditStamp_rating_update",
            ]
          : ["AuditStamp_assignment", "AuditStamp_audit_insert", "AuditStamp_correction", "AuditStamp_decision", "AuditStamp_rating"],
      );
      // Every audit has its counter.
      expect(await db.auditStamp.count()).toBe(await db.audit.count());
    } finally {
      await db.$disconnect();
    }
  }, 60_000);

  // PostgreSQL: the counter's row is locked at commit, after the rows a transaction changed. Were
  // it locked at each change, the second transaction below would wait for the first's counter
  // lock while holding the assignment the first waits for.
  it.runIf(database.name === "postgres")(
    "lets two saves of one assignment pass each other",
    async () => {
      const db = await demoWorld(database);
      try {
        const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
        const rating = await db.rating.findFirstOrThrow({
          where: { assignment: { auditId: audit.id } },
          select: { id: true, assignmentId: true },
        });
        const v0 = await dashboardVersion(db, audit.id);
        await db.$transaction(
          async (first) => {
            await first.rating.update({ where: { id: rating.id }, data: { category: "uncertain" } });
            // A second transaction, begun and committed while the first is open.
            await db.assignment.update({ where: { id: rating.assignmentId }, data: { activeMs: { increment: 1 } } });
            await first.assignment.update({ where: { id: rating.assignmentId }, data: { flagged: true } });
          },
          { timeout: 10_000 },
        );
        const v1 = await dashboardVersion(db, audit.id);
        expect(v1).not.toBe(v0);
        // The counter, third in the version, counted the three changes.
        expect(v1.split(":")[2]).toBe(String(Number(v0.split(":")[2]) + 3));
      } finally {
        await db.$disconnect();
      }
    },
    60_000,
  );
});
