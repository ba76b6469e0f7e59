// The dashboard's report, the downloads and the package are computed in the report thread, off
// the web process's event loop, and are exactly what the same code computes in this thread.
import { afterAll, describe, expect, it, vi } from "vitest";
import { clientUrl } from "@/lib/db/client";
import { shownReport } from "@/lib/reports/shown";
import { computeAuditReport } from "@/lib/reports";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { exportCatalog, renderExport } from "@/lib/server/reports/export-files";
import { adjudicationQueue } from "@/lib/server/adjudication/queue";
import { auditProgress } from "@/lib/server/audits/progress";
import { keptAdjudicationQueue, keptExport, keptPackage, keptProgress, keptReport } from "@/lib/server/reports/kept-report";
import { askThread, reportThreadHeapMb, restartReportThread, stopReportThread, threadCounts } from "@/lib/server/reports/thread/client";
import { saveComment } from "@/lib/server/review/save-comment";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";
import { downloadBytes, downloadText } from "../support/downloads";

describe.each(DATABASES)("the report thread on $name", (database) => {
  afterAll(() => database.dropAll());

  it("answers what this thread computes, and survives its own death", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, active: true } });
      await saveComment(db, assignment.userId, { assignmentId: assignment.id, comment: "Gold fits; C repeats B.", expectedVersion: 0 });
      const before = threadCounts();

      const kept = (await keptReport(db, audit.id))!;
      // Sent in pieces, one a dimension, for the web process to take one per turn of its event loop.
      const sent = (await askThread({ op: "report", url: clientUrl(db), auditId: audit.id, version: kept.version }))!;
      expect(sent.dimensions.length).toBe(kept.report.dimensions.length);
      expect(sent.dimensions.every((d) => d instanceof Uint8Array)).toBe(true);
      const snapshot = (await loadAuditSnapshot(db, audit.id))!;
      // The dashboard's copy: per-item summaries cut to what it reads (lib/reports/shown.ts).
      expect(kept.report).toEqual(shownReport(computeAuditReport(snapshot)));
      expect(kept.head).toEqual({
        audit: snapshot.audit,
        rubric: snapshot.rubric,
        raters: snapshot.raters,
        itemCount: snapshot.items.length,
      });
      for (const { file } of exportCatalog(snapshot)) {
        const here = renderExport(snapshot, file, await loadExportExtras(db, snapshot, file));
        expect(await downloadText(await keptExport(db, audit.id, file)), file).toBe(here);
      }
      expect(await keptExport(db, audit.id, "no-such-file.csv")).toBeNull();
      expect(await keptProgress(db, audit.id)).toEqual(await auditProgress(db, audit.id));
      expect(await keptAdjudicationQueue(db, audit.id)).toEqual(await adjudicationQueue(db, audit.id));
      // An adjudication saved changes the list, not its triage of the ratings: the thread is not asked again.
      const asked = threadCounts().answered;
      const quiet = (await db.auditItem.findMany({ where: { auditId: audit.id }, orderBy: { sampleOrder: "desc" }, take: 1 }))[0]!;
      await db.adjudication.create({
        data: {
          auditId: audit.id,
          auditItemId: quiet.id,
          adjudicatorId: assignment.userId,
          finalLabels: {},
          rationale: "checked",
          removeItem: true,
        },
      });
      const adjudicated = (await keptAdjudicationQueue(db, audit.id))!;
      expect(adjudicated).toEqual(await adjudicationQueue(db, audit.id));
      expect(adjudicated.rows.find((r) => r.auditItemId === quiet.id)).toMatchObject({ adjudicated: true, removed: true });
      expect(threadCounts().answered).toBe(asked);
      await db.adjudication.delete({ where: { auditItemId: quiet.id } });
      expect(await keptAdjudicationQueue(db, audit.id)).toEqual(await adjudicationQueue(db, audit.id));
      expect(await keptAdjudicationQueue(db, "no-such-audit")).toBeNull();
      expect(await keptReport(db, "no-such-audit")).toBeNull();
      const pkg = (await keptPackage(db, audit.id))!;
      const local = (await buildAuditPackage(db, audit.id))!;
      expect([pkg.fileName, pkg.sha256, (await downloadBytes(pkg)).equals(local.zip)]).toEqual([local.fileName, local.sha256, true]);
      const after = threadCounts();
      expect(after.answered - before.answered).toBeGreaterThanOrEqual(exportCatalog(snapshot).length + 5);

      // A thread that dies fails what it held with a clear error; the next request starts another.
      const held = keptPackage(db, audit.id);
      await stopReportThread();
      await expect(held).rejects.toThrow(/report thread stopped/);
      expect((await keptPackage(db, audit.id))!.sha256).toBe(local.sha256);
      expect(threadCounts().started).toBe(after.started + 1);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});

describe("the report thread", () => {
  // Next loads a copy of the client per chunk (pages, route handlers, instrumentation); a thread
  // per copy computed and kept every report once per copy, each in its own heap.
  it("is one per process, whichever copy of its module asks", async () => {
    const first = await askThread({ op: "ping" });
    vi.resetModules();
    const copy = await import("@/lib/server/reports/thread/client");
    expect(copy.askThread).not.toBe(askThread);
    expect(await copy.askThread({ op: "ping" })).toBe(first);
    expect(copy.threadCounts()).toEqual(threadCounts());
  }, 60_000);
});

describe("the report thread's heap", () => {
  afterAll(() => restartReportThread());

  // Its heap is capped (CLINAUDIT_REPORT_HEAP_MB) so that its garbage does not grow the process;
  // work that needs more must not fail for it.
  it("restarts with twice the heap when it runs out, and answers what it held", async () => {
    await restartReportThread(16);
    const before = threadCounts().started;
    expect(await askThread({ op: "ping" })).toEqual(expect.any(Number));
    expect(reportThreadHeapMb()).toBeGreaterThan(16);
    expect(threadCounts().started - before).toBeGreaterThan(1);
  }, 120_000);
});
