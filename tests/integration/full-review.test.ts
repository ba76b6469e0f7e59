// A full review on both engines: > 15,000 assignments (every conversation of a generated notes
// benchmark × 3 raters) and a decision-point audit past 333 items × 3, where SQLite used to answer
// every report, export, adjudication, package, backup and queue with P2029 (too many bound
// parameters). Each path must answer, and the backup must restore with byte-identical downloads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { computeAuditReport } from "@/lib/reports";
import { adjudicationQueue } from "@/lib/server/adjudication/queue";
import { loadAdjudicationItem } from "@/lib/server/adjudication/load-item";
import { auditRevisions } from "@/lib/server/adjudication/revisions";
import { auditProgress } from "@/lib/server/audits/progress";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { openBackupFile, writeBackupFile } from "@/lib/server/backup/files";
import { restoreAudit } from "@/lib/server/backup/restore-audit";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { loadAuditComments } from "@/lib/server/reports/audit-comments";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { loadCasePage } from "@/lib/server/review/case-page";
import { reviewQueue } from "@/lib/server/review/queue";
import { allExports } from "./backup-world";
import { DATABASES, freshDb } from "./databases";
import { buildFullReview, type FullReview } from "./full-review-world";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-full-review-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(DATABASES)("a full review on $name", (database) => {
  let db: Db;
  const audits: Record<"notes" | "ehr", FullReview> = {} as never;
  beforeAll(async () => {
    db = await freshDb(database);
    // 1,020 patients give ~5,050 conversations (~17,000 turns): > 15,000 assignments.
    audits.notes = await buildFullReview(db, "notes", 1_020);
    audits.ehr = await buildFullReview(db, "ehr", 400);
  }, 600_000);
  afterAll(async () => {
    await db.$disconnect();
    await database.dropAll();
  });

  it("is the size of a full review", () => {
    expect(audits.notes.assignments).toBeGreaterThanOrEqual(15_000);
    expect(audits.ehr.assignments).toBeGreaterThan(999);
  });

  describe.each(["notes", "ehr"] as const)("the %s audit", (kind) => {
    it("reports: snapshot, report, every export, comments, progress, revisions, version", async () => {
      const { auditId, items, ratings } = audits[kind];
      const snapshot = (await loadAuditSnapshot(db, auditId))!;
      expect(snapshot.items).toHaveLength(items);
      expect(snapshot.ratings).toHaveLength(ratings);
      const report = computeAuditReport(snapshot);
      expect(report.dimensions.length).toBeGreaterThan(0);
      const files = await allExports(db, auditId);
      expect(files["ratings-long.csv"]!.trimEnd().split("\n")).toHaveLength(ratings + 1);
      expect(files["paragraph.txt"]).toMatch(/adjudicat/);
      expect(await loadAuditComments(db, snapshot)).toHaveLength(Math.ceil(audits[kind].assignments / 10));
      const progress = (await auditProgress(db, auditId))!;
      expect(progress.done).toBe(audits[kind].assignments);
      expect((await auditRevisions(db, auditId))!.summary.rows.length).toBeGreaterThan(0);
      expect(await dashboardVersion(db, auditId)).toMatch(/^OPEN:/);
    }, 120_000);

    it("adjudicates: the list and an item", async () => {
      const { auditId, adjudicated } = audits[kind];
      const queue = (await adjudicationQueue(db, auditId))!;
      expect(
        queue.rows
          .filter((r) => r.adjudicated)
          .map((r) => r.auditItemId)
          .sort(),
      ).toEqual([...adjudicated].sort());
      expect(await loadAdjudicationItem(db, auditId, adjudicated[0]!)).not.toBeNull();
    });

    it("packages", async () => {
      const pkg = (await buildAuditPackage(db, audits[kind].auditId))!;
      expect(pkg.entries.map((e) => e.name)).toContain("ratings-long.csv");
    }, 120_000);

    it("queues: a rater's queue, and a case page with its place in it", async () => {
      const { auditId, raters, items } = audits[kind];
      const [queue] = (await reviewQueue(db, raters[1]!)).filter((a) => a.id === auditId);
      expect(queue!.items).toHaveLength(items);
      expect(queue!.items.every((i) => i.status === "done")).toBe(true);
      const last = queue!.items.at(-1)!;
      const page = await loadCasePage(db, raters[1]!, last.assignmentId, { recordDir: null });
      expect(page).toMatchObject({ position: items, size: items, nextAssignmentId: null });
      // From the first item, every later one is read (in growing looks) and found done.
      const first = await loadCasePage(db, raters[1]!, queue!.items[0]!.assignmentId, { recordDir: null });
      expect(first).toMatchObject({ position: 1, size: items, nextAssignmentId: null });
    });

    it("backs up and restores with byte-identical downloads", async () => {
      const { auditId } = audits[kind];
      const file = path.join(dir, `${database.name}-${kind}.jsonl.gz`);
      const backup = (await exportAuditBackup(db, auditId, "test", new Date("2026-03-01T00:00:00Z")))!;
      await writeBackupFile(backup.lines, file);
      const fresh = await freshDb(database);
      try {
        const outcome = await restoreAudit(fresh, null, openBackupFile(file));
        expect(outcome).toMatchObject({ status: "restored", auditId });
        const [got, want] = [await allExports(fresh, auditId), await allExports(db, auditId)];
        expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
        for (const name of Object.keys(want)) expect(got[name], name).toBe(want[name]);
      } finally {
        await fresh.$disconnect();
      }
    }, 300_000);
  });
});
