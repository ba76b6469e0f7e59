// Backup and restore end to end, across providers: every report export and corrected-benchmark
// file of a restored audit is byte-identical to the source's; bad files change nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { openBackupFile } from "@/lib/server/backup/files";
import { restoreAudit, type BackupSource } from "@/lib/server/backup/restore-audit";
import { auditTrailRows } from "@/lib/server/backup/trail";
import { NO_PASSWORD } from "@/lib/server/backup/restore-users";
import { importBenchmark, seedUser } from "@/tests/support/world";
import { allExports, BENCHMARK, buildAudit, drName, THREAD } from "./backup-world";
import { backupTo, counts, expectSameFiles, textSource } from "./backup-checks";
import { DATABASES, freshDb } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(DATABASES)("backup from $name", (source) => {
  let db: Db;
  let auditId: string;
  let expected: Record<string, string>;
  let file: string;
  beforeAll(async () => {
    db = await freshDb(source);
    auditId = await buildAudit(db);
    expected = await allExports(db, auditId);
    file = await backupTo(db, auditId, path.join(dir, `${source.name}.jsonl.gz`));
    // Building the audit takes ~10 s on a loaded two-core machine: more than the default hook limit.
  }, 120_000);
  afterAll(async () => {
    await db.$disconnect();
    for (const d of DATABASES) await d.dropAll();
  });

  it("covers every export, and the world has what the exports depend on", async () => {
    expect(Object.keys(expected).sort()).toEqual(
      [
        "adjudication.csv",
        "majority-labels.csv",
        "latent-class.csv",
        "latent-class-replicates.csv",
        "paragraph.txt",
        "ratings-long.csv",
        "ratings-wide-gold.csv",
        "ratings-wide-question.csv",
        "report.json",
        "report.md",
        "report.tex",
        "time-on-task.csv",
        "rating-times.csv",
        "rater-quality.csv",
        "calibration.csv",
        "stats-codebook.csv",
        "stats-ratings.R",
        "stats-ratings.csv",
        "stats-ratings.do",
        "stats-ratings.sps",
        "comments.csv",
        "revisions.csv",
        "corrected/changelog.json",
        "corrected/changelog.md",
        "corrected/ehr-decision-mcq.json",
      ].sort(),
    );
    expect(expected["report.json"]).toContain(auditId);
    expect(expected["corrected/changelog.md"]).toContain("Dr c1");
    expect(expected["paragraph.txt"]).toMatch(/adjudicat/);
    expect(expected["revisions.csv"]).toContain("gold,gold answers corrected,1,6,");
    // Comments and their save times (the trail) travel with the backup.
    expect(expected["comments.csv"]!.trimEnd().split("\n").length).toBeGreaterThan(1);
    expect(expected["comments.csv"]).toMatch(/,\d{4}-\d\d-\d\dT/);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8");
    expect(text).not.toMatch(/passwordHash|argon2/);
  });

  describe.each(DATABASES)("restored into a fresh $name", (into) => {
    it("gives byte-identical exports; missing people become deactivated accounts without a password", async () => {
      const fresh = await freshDb(into);
      const outcome = await restoreAudit(fresh, null, openBackupFile(file));
      expect(outcome).toMatchObject({ status: "restored", auditId, dataset: { reused: false }, warnings: [] });
      if (outcome.status !== "restored") return;
      expect(outcome.createdUsers.sort()).toEqual([
        "c1@example.org",
        "c2@example.org",
        "c3@example.org",
        "c4@example.org",
        "org@example.org",
      ]);
      expectSameFiles(await allExports(fresh, auditId), expected, source.name === into.name);

      const created = await fresh.user.findMany({ select: { active: true, passwordHash: true, name: true } });
      expect(created.every((u) => !u.active && u.passwordHash === NO_PASSWORD)).toBe(true);
      expect(await verifyPassword(NO_PASSWORD, "")).toBe(false);
      // The audit's trail came across as history (times, actors, before and after as recorded),
      // then the restore's own events.
      const history = async (d: Db) => {
        const rows = await auditTrailRows(d, {
          id: auditId,
          auditItemIds: (await d.auditItem.findMany({ where: { auditId }, select: { id: true } })).map((r) => r.id),
          assignmentIds: (await d.assignment.findMany({ where: { auditId }, select: { id: true } })).map((r) => r.id),
          correctionIds: (await d.correction.findMany({ where: { assignment: { auditId } }, select: { id: true } })).map((r) => r.id),
        });
        const emails = new Map((await d.user.findMany({ select: { id: true, email: true } })).map((u) => [u.id, u.email]));
        return rows
          .filter((r) => r.action !== "audit.restore")
          .map((r) => [r.at.toISOString(), r.actorId && emails.get(r.actorId), r.action, r.entity, r.entityId, r.before, r.after]);
      };
      const kept = await history(fresh);
      expect(kept.length).toBeGreaterThan(20);
      expect(kept.map((r) => r[2])).toEqual(
        expect.arrayContaining([
          "audit.create",
          "audit.assign",
          "rating.save",
          "comment.save",
          "correction.save",
          "adjudication.create",
          "audit.close",
        ]),
      );
      expect(kept).toEqual(await history(db));
      const restoreEvents = await fresh.auditEvent.groupBy({
        by: ["action"],
        where: { action: { in: ["audit.restore", "user.create"] } },
        _count: true,
        orderBy: { action: "asc" },
      });
      expect(restoreEvents.map((t) => [t.action, t._count])).toEqual([
        ["audit.restore", 1],
        ["user.create", 5],
      ]);
      // Versions and timestamps came across as they were.
      const ratings = (rows: { id: string; version: number; updatedAt: Date; createdAt: Date }[]) =>
        rows.map((r) => [r.id, r.version, r.createdAt.toISOString(), r.updatedAt.toISOString()]).sort();
      expect(ratings(await fresh.rating.findMany())).toEqual(ratings(await db.rating.findMany()));
      const assigned = (
        rows: {
          id: string;
          active: boolean;
          comment: string;
          commentVersion: number;
          withdrawnAt: Date | null;
          reviewPosition: number | null;
          activeMs: number;
          flagged: boolean;
        }[],
      ) =>
        rows
          .map((r) => [r.id, r.active, r.comment, r.commentVersion, r.withdrawnAt?.toISOString(), r.reviewPosition, r.activeMs, r.flagged])
          .sort();
      expect(assigned(await fresh.assignment.findMany())).toEqual(assigned(await db.assignment.findMany({ where: { auditId } })));
      // The dataset version's import report came with it.
      const report = async (d: Db) =>
        (await d.audit.findUniqueOrThrow({ where: { id: auditId }, select: { dataset: { select: { importReport: true } } } })).dataset
          .importReport;
      expect(await report(db)).toMatchObject({ files: [expect.objectContaining({ records: expect.any(Number) })], ignored: [] });
      expect(await report(fresh)).toEqual(await report(db));
      // The discussion thread: every message, its author, time and text as written.
      const thread = async (d: Db) =>
        (
          await d.threadMessage.findMany({
            where: { auditId },
            orderBy: { createdAt: "asc" },
            select: { id: true, auditItemId: true, text: true, createdAt: true, author: { select: { email: true } } },
          })
        ).map((m) => [m.id, m.auditItemId, m.author.email, m.text, m.createdAt.toISOString()]);
      expect((await thread(fresh)).map((m) => m[3])).toEqual(THREAD);
      expect(await thread(fresh)).toEqual(await thread(db));
      // And a backup of the restored audit carries the same auditItem records, byte for byte.
      const itemLines = async (d: Db) => {
        const again = await exportAuditBackup(d, auditId, "test");
        const lines: string[] = [];
        for await (const line of again!.lines) if (line.startsWith('{"type":"auditItem"')) lines.push(line);
        return lines;
      };
      const lines = await itemLines(fresh);
      expect(lines.some((l) => l.includes('"messages"'))).toBe(true);
      expect(lines).toEqual(await itemLines(db));
      await fresh.$disconnect();
    });

    it("keeps R1…Rn and reuses the dataset where accounts exist in another order", async () => {
      const busy = await freshDb(into);
      // The raters' accounts already exist here, created in the reverse order, one renamed.
      for (const name of ["c4", "c3", "c2", "c1"]) await seedUser(busy, name, "CLINICIAN", { displayName: drName });
      await busy.user.update({ where: { email: "c1@example.org" }, data: { name: "Dr One" } });
      const datasetId = await importBenchmark(busy, BENCHMARK);
      const outcome = await restoreAudit(busy, null, openBackupFile(file));
      expect(outcome).toMatchObject({
        status: "restored",
        createdUsers: ["org@example.org"],
        dataset: { id: datasetId, reused: true },
      });
      if (outcome.status !== "restored") return;
      expect(outcome.warnings).toEqual([expect.stringContaining('c1@example.org is named "Dr One" here')]);
      const again = await allExports(busy, auditId);
      // Identical, except that the change log names the proposer as this instance knows them.
      const renamed = (files: Record<string, string>) =>
        Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.replaceAll("Dr c1", "Dr One")]));
      expect(again["corrected/changelog.md"]).toContain("Dr One");
      expectSameFiles(again, renamed(expected), source.name === into.name);

      const before = await counts(busy);
      expect(await restoreAudit(busy, null, openBackupFile(file))).toMatchObject({
        status: "refused",
        message: expect.stringContaining(`audit ${auditId} ("Backup audit") already exists`),
      });
      expect(await counts(busy)).toEqual(before);
      await busy.$disconnect();
    });
  });

  it("refuses corrupted, edited, truncated and other-version files and writes nothing", async () => {
    const fresh = await freshDb(source);
    const before = await counts(fresh);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8");
    const lines = text.trimEnd().split("\n");
    const ratingLine = lines.findIndex((l) => l.includes('"type":"assignment"') && l.includes('"category":"incorrect"'));

    const edited = await restoreAudit(
      fresh,
      null,
      textSource(
        "edited.jsonl",
        text.replace(lines[ratingLine]!, lines[ratingLine]!.replace('"category":"incorrect"', '"category":"correct"')),
      ),
    );
    expect(edited).toMatchObject({
      status: "invalid",
      issues: [{ file: "edited.jsonl", line: lines.length, field: "end.sha256", message: expect.stringMatching(/corrupted or edited/) }],
    });

    const version = await restoreAudit(fresh, null, textSource("v4.jsonl", text.replace('"formatVersion":3', '"formatVersion":4')));
    expect(version).toMatchObject({
      status: "invalid",
      issues: [{ line: 1, field: "header.formatVersion", message: expect.stringMatching(/version 4 is not supported/) }],
    });

    const truncated = await restoreAudit(fresh, null, textSource("cut.jsonl", lines.slice(0, -3).join("\n")));
    expect(truncated).toMatchObject({ status: "invalid" });
    expect(truncated.status === "invalid" && truncated.issues.map((i) => i.field)).toContain("end");

    const unknownCategory = lines
      .map((l, i) => (i === ratingLine ? l.replace('"category":"incorrect"', '"category":"wrong"') : l))
      .join("\n");
    const located = await restoreAudit(fresh, null, textSource("bad.jsonl", unknownCategory));
    expect(located.status === "invalid" && located.issues[0]).toMatchObject({
      line: ratingLine + 1,
      field: expect.stringMatching(/^assignment\.ratings\[\d\]\.category$/),
      message: '"wrong" is not a category of the dimension "gold"',
    });

    const gz = path.join(dir, `broken-${source.name}.jsonl.gz`);
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(gz, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreAudit(fresh, null, openBackupFile(gz))).rejects.toThrow(/unexpected end of file/);

    // Changed between validation and writing: rolled back after rows were written.
    let opened = 0;
    const shifting: BackupSource = {
      name: "shifting.jsonl",
      open: async function* () {
        yield opened++ === 0 ? text : text.replace("rater 1 on item", "rater 9 on item");
      },
    };
    await expect(restoreAudit(fresh, null, shifting)).rejects.toThrow(/changed while it was being restored/);

    expect(await counts(fresh)).toEqual(before);
    await fresh.$disconnect();
  });
});
