// A full review's report takes seconds to compute: the dashboard shows the one before, marked,
// while the current one is computed, and the live poll says when it is ready.
import { afterAll, describe, expect, it } from "vitest";
import { keptAuditComments } from "@/lib/server/reports/audit-comments";
import {
  dashboardReport,
  dashboardWaitMs,
  keptProgress,
  reportStarted,
  reportState,
  STALE_AFTER_MS,
} from "@/lib/server/reports/kept-report";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { saveRating } from "@/lib/server/review/save-rating";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

describe("the dashboard's wait for the current report", () => {
  it("is whole when the last report fitted in it, and none when it did not", () => {
    expect(dashboardWaitMs(40, STALE_AFTER_MS)).toBe(STALE_AFTER_MS);
    expect(dashboardWaitMs(STALE_AFTER_MS, STALE_AFTER_MS)).toBe(STALE_AFTER_MS);
    // 1,500 decision points × 3 take ~1.3 s: the page showed the one before only after 300 ms.
    expect(dashboardWaitMs(1_300, STALE_AFTER_MS)).toBe(0);
    expect(dashboardWaitMs(12_000, STALE_AFTER_MS)).toBe(0);
  });
});

describe.each(DATABASES)("the dashboard's report on $name", (database) => {
  afterAll(() => database.dropAll());

  it("is the one before while the current one is computed, then the current one", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const rater = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      // No report yet: the first view waits for it, however long (nothing older to show).
      const first = (await dashboardReport(db, audit.id, 0))!;
      expect(first.current).toBe(true);
      expect(first.kept.version).toBe(await dashboardVersion(db, audit.id));
      expect(await reportState(db, audit.id, 0)).toEqual({ version: first.kept.version, ready: true });
      const head = first.kept.head;
      const progressBefore = await keptProgress(db, audit.id, first.kept.version);
      const commentsBefore = await keptAuditComments(db, head, first.kept.version);

      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: rater.id, ratings: { none: {} } } });
      await saveRating(db, rater.id, { assignmentId: assignment.id, dimension: "gold", category: "correct", expectedVersion: 0 });
      const now = await dashboardVersion(db, audit.id);
      expect(now).not.toBe(first.kept.version);
      // Not waiting at all: the report before, marked; its computation has started.
      const shown = (await dashboardReport(db, audit.id, 0))!;
      expect(shown.current).toBe(false);
      expect(shown.kept).toBe(first.kept);
      // The poll: ready once computed; the page then shows it.
      let state = await reportState(db, audit.id, 0);
      for (let i = 0; !state.ready && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        state = await reportState(db, audit.id, 0);
      }
      expect(state).toEqual({ version: now, ready: true });
      // Ready means the progress and comments shown beside it are read too: the page that first
      // shows the new report takes them as kept (orLatest would hand back the ones before otherwise).
      expect(await keptProgress(db, audit.id, now, { orLatest: true })).not.toBe(progressBefore);
      expect(await keptAuditComments(db, head, now, { orLatest: true })).not.toBe(commentsBefore);
      const fresh = (await dashboardReport(db, audit.id, 0))!;
      expect(fresh.current).toBe(true);
      expect(fresh.kept.version).toBe(now);
      expect(Date.parse(fresh.kept.computedAt)).toBeGreaterThanOrEqual(Date.parse(first.kept.computedAt));

      // The page passes `later` (Next's after()): the next report starts once the page is sent,
      // not while it renders the one before.
      const other = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: rater.id, ratings: { none: {} } } });
      await saveRating(db, rater.id, { assignmentId: other.id, dimension: "gold", category: "correct", expectedVersion: 0 });
      const next = await dashboardVersion(db, audit.id);
      const starts: (() => void)[] = [];
      const deferred = (await dashboardReport(db, audit.id, 0, (start) => starts.push(start)))!;
      expect(deferred.current).toBe(false);
      expect(deferred.kept).toBe(fresh.kept);
      expect(starts).toHaveLength(1);
      expect(reportStarted(audit.id, next)).toBe(false);
      starts[0]!();
      expect(reportStarted(audit.id, next)).toBe(true);
      let after = await reportState(db, audit.id, 0);
      for (let i = 0; !after.ready && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = await reportState(db, audit.id, 0);
      }
      expect(after).toEqual({ version: next, ready: true });
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
