// The latent-class error rate's item-bootstrap interval (B = 10,000 refits) is computed off the
// request path, in the background thread, once per input: the dashboard's report starts it, newer
// ratings supersede it, the database keeps it (a restart computes nothing again), the report and the
// version stamp show it once kept, and a clinician is never sent any of it.
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapMeanPosterior } from "@/lib/agreement/latent-class";
import { createDb, type Db } from "@/lib/db/client";
import { computeAuditReport } from "@/lib/reports";
import { latentIntervalTasks } from "@/lib/reports/latent-class";
import { shownReport } from "@/lib/reports/shown";
import type { ShownReport } from "@/lib/reports/types";
import { setAuditStatus, setShareResults } from "@/lib/server/audits/set-status";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { dashboardLatentClass } from "@/lib/server/reports/dashboard-latent";
import { authorizeResults } from "@/lib/server/reports/dashboard-access";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { dashboardReport, reportState } from "@/lib/server/reports/kept-report";
import {
  enableLatentIntervals,
  latentIntervalCounts,
  latentIntervalStatus,
  missingIntervals,
  stopLatentIntervals,
} from "@/lib/server/reports/latent-interval/client";
import { IntervalRunner } from "@/lib/server/reports/latent-interval/runner";
import { databaseStore } from "@/lib/server/reports/latent-interval/store";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

const asUser = <T extends { id: string; role: string; email: string; name: string }>(u: T) => ({ ...u, locale: "en" }) as never;

/** The report the dashboard shows once the current one is computed (the poll waits for it). */
async function currentReport(db: Db, auditId: string): Promise<ShownReport> {
  for (let i = 0; i < 600 && !(await reportState(db, auditId, 100)).ready; i++);
  const shown = (await dashboardReport(db, auditId))!;
  expect(shown.current).toBe(true);
  return shown.kept.report;
}

const rate = (r: ShownReport, key: string) => r.dimensions.find((d) => d.key === key)!.latentClass!.errorRate!;

describe.each(DATABASES)("the latent-class interval on $name", (database) => {
  afterAll(async () => {
    enableLatentIntervals(false);
    await stopLatentIntervals();
    await database.dropAll();
  });

  it("is computed in the background once per input, superseded by newer ratings, and kept across a restart", async () => {
    enableLatentIntervals();
    const url = await database.create();
    const db = await demoWorld(database, url);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const before = await latentIntervalCounts(db);
      // The first report has no interval: showing it starts both dimensions' (gold's takes ~20 s).
      const first = await currentReport(db, audit.id);
      expect(missingIntervals(first).map((m) => m.dimension)).toEqual(["gold", "question"]);
      expect(first.dimensions.map((d) => d.latentClass?.errorRate?.interval ?? null)).toEqual([null, null]);

      // Gold's is under way (its status sent between slices, with the time left)...
      let running = latentIntervalStatus(db, audit.id);
      for (let i = 0; !running.some((p) => p.dimension === "gold" && p.done > 0) && i < 600; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        running = latentIntervalStatus(db, audit.id);
      }
      expect(running.find((p) => p.dimension === "gold")).toMatchObject({ total: 10_000, remainingMs: expect.any(Number) });
      // ...when new gold ratings come (unanimous per item: each refit converges at once).
      const items = await db.auditItem.findMany({ where: { auditId: audit.id }, orderBy: { sampleOrder: "asc" }, select: { id: true } });
      await db.rating.updateMany({ where: { dimension: "gold", assignment: { auditId: audit.id } }, data: { category: "correct" } });
      await db.rating.updateMany({
        where: { dimension: "gold", assignment: { auditItemId: { in: items.slice(0, 3).map((i) => i.id) } } },
        data: { category: "incorrect" },
      });
      const second = await currentReport(db, audit.id);
      expect(rate(second, "gold").intervalInputs).not.toBe(rate(first, "gold").intervalInputs);
      expect(rate(second, "question").intervalInputs).toBe(rate(first, "question").intervalInputs);

      // Kept: the version stamp moves, the next report shows both intervals.
      let shown = second;
      for (let i = 0; missingIntervals(shown).length > 0 && i < 600; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        shown = await currentReport(db, audit.id);
      }
      expect(missingIntervals(shown)).toEqual([]);
      const counts = await latentIntervalCounts(db);
      expect(counts.superseded - before.superseded).toBe(1);
      expect(counts.stale - before.stale).toBe(0);
      expect(counts.computed - before.computed).toBe(2);
      // One snapshot for both first jobs (question's reuses gold's read), one for gold's new ratings.
      expect(counts.read - before.read).toBe(2);
      // The thread's last word on the audit, sent once the second interval was saved.
      for (let i = 0; latentIntervalStatus(db, audit.id).length > 0 && i < 100; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(latentIntervalStatus(db, audit.id)).toEqual([]);

      // Exactly the bootstrap this thread computes, for the current ratings; one row per dimension.
      const snapshot = (await loadAuditSnapshot(db, audit.id))!;
      for (const task of latentIntervalTasks(snapshot)) {
        const { values, ...here } = bootstrapMeanPosterior(task.model, task.e, task.settings);
        expect(rate(shown, task.dimension).interval).toEqual(here);
        expect(snapshot.latentIntervals!.find((k) => k.dimension === task.dimension)!.values).toEqual(values);
      }
      const rows = await db.latentClassInterval.findMany({ where: { auditId: audit.id }, orderBy: { dimension: "asc" } });
      expect(rows.map((r) => [r.dimension, r.inputs])).toEqual([
        ["gold", rate(second, "gold").intervalInputs],
        ["question", rate(second, "question").intervalInputs],
      ]);

      // A restart: no thread, a new client; the report read from the database has both intervals,
      // and a fresh runner asked for them computes nothing.
      await stopLatentIntervals();
      const again = createDb(url);
      try {
        const version = await dashboardVersion(again, audit.id);
        const report = shownReport(computeAuditReport((await loadAuditSnapshot(again, audit.id))!));
        expect(missingIntervals(report)).toEqual([]);
        expect(report.dimensions.map((d) => d.latentClass!.errorRate!.interval)).toEqual(
          shown.dimensions.map((d) => d.latentClass!.errorRate!.interval),
        );
        const runner = new IntervalRunner();
        runner.request(
          databaseStore(again),
          url,
          audit.id,
          ["gold", "question"].map((dimension) => ({ dimension, inputs: rate(second, dimension).intervalInputs })),
        );
        await runner.settled();
        expect(runner.counts).toEqual({ computed: 0, superseded: 0, stale: 0, read: 0 });
        expect(await dashboardVersion(again, audit.id)).toBe(version);
      } finally {
        await again.$disconnect();
      }
    } finally {
      await db.$disconnect();
    }
  }, 300_000);

  it("is never sent to a clinician, nor started for one", async () => {
    enableLatentIntervals(false);
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const organizer = await db.user.findFirstOrThrow({ where: { role: "ORGANIZER" } });
      const clinician = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      // While the audit is open a clinician gets no results at all.
      await expect(authorizeResults(db, asUser(clinician), audit.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
      // Closed and shared: the numbers, without any latent-class estimate or interval state.
      await setAuditStatus(db, organizer.id, audit.id, "close");
      await setShareResults(db, organizer.id, audit.id, true);
      await authorizeResults(db, asUser(clinician), audit.id);
      const report = (await dashboardReport(db, audit.id))!.kept.report;
      const seen = dashboardLatentClass(db, asUser(clinician), audit.id, report);
      expect(seen.report.dimensions.map((d) => d.latentClass)).toEqual([null, null]);
      expect(seen.remainingMs).toEqual({});
      expect(JSON.stringify(seen)).not.toMatch(/"errorRate"|"intervalInputs"|"interval"|"posterior"/);
      // The organizer's view has the estimates, each interval marked as being computed.
      const own = dashboardLatentClass(db, asUser(organizer), audit.id, report);
      expect(Object.keys(own.remainingMs)).toEqual(["gold", "question"]);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
