// The calibration round in the audit's report, from the stored rows: the snapshot carries the rule,
// the practice items with their keys, the rounds and each rater's answers; the version stamp changes
// with each of them (so the kept report and the paragraph are never stale); the report's numbers
// are the audit page's; the package's scripts recompute them and audit.json states the design from
// the stored rows; a backup restores them byte for byte.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { calibrationOverview } from "@/lib/server/calibration/results";
import { loadPractice, savePractice } from "@/lib/server/calibration/practice";
import { addPracticeItem, removePracticeItem, setCalibrationRule, startCalibrationRound } from "@/lib/server/calibration/setup";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { restoreAudit } from "@/lib/server/backup/restore-audit";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";
import { keptReport } from "@/lib/server/reports/kept-report";
import { renderExport } from "@/lib/server/reports/export-files";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES, freshDb } from "./databases";
import { demoWorld } from "./demo-world";

const RIGHT = { gold: "correct", question: "clear" };
const hasNumpy = spawnSync("python3", ["-c", "import numpy"]).status === 0;
const hasR = spawnSync("Rscript", ["--version"]).status === 0 || process.env.CLINAUDIT_REQUIRE_R === "1";
const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Answers every open practice item of the rater's round: `wrong` of them with a wrong gold answer. */
async function practise(db: Db, userId: string, auditId: string, wrong: number) {
  for (let i = 0; ; i++) {
    const page = await loadPractice(db, userId, auditId);
    if (!page?.item) return;
    const labels = i < wrong ? { ...RIGHT, gold: "incorrect" } : RIGHT;
    await savePractice(db, userId, { auditId, calibrationItemId: page.calibrationItemId, labels, activeMs: 2000 + i });
  }
}

/** The files a reader compares: the report, the raw answers and the paragraph. */
async function files(db: Db, auditId: string) {
  const snapshot = (await loadAuditSnapshot(db, auditId))!;
  const extras = await loadExportExtras(db, snapshot);
  return Object.fromEntries(["report.json", "calibration.csv", "paragraph.txt"].map((f) => [f, renderExport(snapshot, f, extras)!]));
}

describe.each(DATABASES)("calibration in the report on $name", (database) => {
  afterAll(() => database.dropAll());

  it("is read from the stored rounds, stamps the version, and is recomputed by the package's scripts", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const organizer = await db.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
      const r1 = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      const r2 = await db.user.findUniqueOrThrow({ where: { email: "clinician2@demo.clinaudit" } });
      const sampled = await db.auditItem.findMany({ where: { auditId: audit.id }, select: { itemId: true } });
      const outside = await db.item.findMany({
        where: { datasetId: audit.datasetId, id: { notIn: sampled.map((s) => s.itemId) } },
        orderBy: { position: "asc" },
        take: 4,
        select: { externalId: true },
      });
      const versions = [await dashboardVersion(db, audit.id)];
      const changed = async () => {
        const v = await dashboardVersion(db, audit.id);
        expect(v).not.toBe(versions.at(-1));
        versions.push(v);
      };
      const add = (externalId: string) =>
        addPracticeItem(db, organizer.id, { auditId: audit.id, externalId, rationale: `why ${externalId}`, key: RIGHT });
      for (const o of outside) {
        await add(o.externalId);
        await changed();
      }
      const last = await db.calibrationItem.findFirstOrThrow({ where: { auditId: audit.id }, orderBy: { position: "desc" } });
      await removePracticeItem(db, organizer.id, { auditId: audit.id, calibrationItemId: last.id });
      await changed();
      // The same items as after the third: the same inputs, the same stamp.
      expect(versions.at(-1)).toBe(versions.at(-3));
      // No round yet: nothing to report.
      expect((await loadAuditSnapshot(db, audit.id))!.calibration).toBeUndefined();
      await setCalibrationRule(db, organizer.id, { auditId: audit.id, passPercent: 75, gate: true });
      await changed();
      expect(await dashboardVersion(db, audit.id)).toBe(versions.at(-1));

      await startCalibrationRound(db, organizer.id, { auditId: audit.id, raterIds: null });
      await changed();
      const before = (await keptReport(db, audit.id))!;
      expect(before.report.calibration!.summary).toMatchObject({ raters: 3, passedFirst: 0, inProgress: 3 });
      await practise(db, r1.id, audit.id, 1); // 5 of 6 questions: 83 %, passed
      await changed();
      await practise(db, r2.id, audit.id, 2); // 4 of 6: 67 %, not passed
      await changed();
      await startCalibrationRound(db, organizer.id, { auditId: audit.id, raterIds: [r2.id] });
      await changed();
      await practise(db, r2.id, audit.id, 0);
      await changed();
      // The kept report (what the dashboard and the paragraph read) follows.
      const kept = (await keptReport(db, audit.id))!;
      expect(kept.report.calibration).not.toEqual(before.report.calibration);
      const c = kept.report.calibration!;
      expect(c).toMatchObject({ passPercent: 75, gate: true, items: 3, questions: 6 });
      expect(c.summary).toMatchObject({ raters: 3, passedFirst: 1, passed: 2, notPassed: 0, inProgress: 1, recalibrated: 1 });

      // The report's numbers are the audit page's, rater by rater and round by round.
      const overview = (await calibrationOverview(db, audit.id))!;
      const label = new Map(((await loadAuditSnapshot(db, audit.id))!.raters ?? []).map((r) => [r.id, r.label] as const));
      for (const o of overview.results) {
        const mine = c.raters.find((r) => r.rater === label.get(o.userId))!.rounds.find((r) => r.round === o.round)!;
        expect(mine).toEqual({ round: o.round, ...o.score, status: o.status });
      }
      const text = (await files(db, audit.id))["paragraph.txt"]!;
      expect(text).toContain(
        "Before rating, all three clinicians worked through a calibration set of 3 practice cases (6 questions) with an answer key shown after each answer: " +
          "at their first round (2 of 3 finished it), agreement with the key was 75.0% on average (range 66.7%–83.3%)",
      );
      expect(text).toContain(
        "1 of 3 met the pass rule (at least 75% of answers matching the key, required before their queue opened) at their first round",
      );

      // The package carries calibration.csv, and both scripts agree with every number.
      const built = (await buildAuditPackage(db, audit.id))!;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-calibration-package-"));
      dirs.push(dir);
      for (const e of built.entries) fs.writeFileSync(path.join(dir, e.name), e.content);
      // audit.json states the design from the stored rows: items, keys and rationales, rule, mode, rounds.
      const meta = JSON.parse(built.entries.find((e) => e.name === "audit.json")!.content);
      const stored = await db.calibrationRound.findMany({ where: { auditId: audit.id }, orderBy: { number: "asc" } });
      expect(meta.calibration).toMatchObject({
        practiceItems: outside.slice(0, 3).map((o) => ({ item: o.externalId, key: RIGHT, rationale: `why ${o.externalId}` })),
        passRule: { threshold: 0.75 },
        mode: "gate",
        rounds: [
          { round: 1, kind: "calibration", startedAt: stored[0]!.startedAt.toISOString(), asks: "all raters", raters: ["R1", "R2", "R3"] },
          {
            round: 2,
            kind: "re-calibration",
            startedAt: stored[1]!.startedAt.toISOString(),
            asks: "chosen raters",
            raters: [label.get(r2.id)],
          },
        ],
        sample: { practiceItemsInSample: 0 },
      });
      const block = JSON.stringify(meta.calibration);
      for (const u of [organizer, r1, r2]) for (const who of [u.email, u.name, u.id]) if (who) expect(block).not.toContain(who);
      expect(fs.readFileSync(path.join(dir, "calibration.csv"), "utf8").split("\n")).toHaveLength(1 + (3 + 1) * 3 * 2 + 1);
      if (hasNumpy) {
        const py = spawnSync("python3", ["reproduce.py"], { cwd: dir, encoding: "utf8" });
        expect(py.stdout + py.stderr).toMatch(/calibration +R\d round 2 agreement/);
        expect(py.stdout + py.stderr).toMatch(/All \d+ numbers agree with the report/);
      }
      if (hasR) {
        const r = spawnSync("Rscript", ["reproduce.R"], { cwd: dir, encoding: "utf8" });
        expect(r.stdout + r.stderr).toMatch(/All \d+ numbers agree with the report/);
      }

      // A backup restored elsewhere gives the same report, answers and paragraph, byte for byte.
      const want = await files(db, audit.id);
      const backup = (await exportAuditBackup(db, audit.id, "test"))!;
      let lines = "";
      for await (const line of backup.lines) lines += line;
      const fresh = await freshDb(database);
      try {
        const restored = await restoreAudit(fresh, null, {
          name: "calibration.jsonl",
          open: async function* () {
            yield lines;
          },
        });
        expect(restored).toMatchObject({ status: "restored" });
        expect(await files(fresh, audit.id)).toEqual(want);
        const restoredMeta = (await buildAuditPackage(fresh, audit.id))!.entries.find((e) => e.name === "audit.json")!.content;
        expect(JSON.parse(restoredMeta).calibration).toEqual(meta.calibration);
      } finally {
        await fresh.$disconnect();
      }
    } finally {
      await db.$disconnect();
    }
  }, 180_000);
});
