// The record-access log on both engines: a rater's case view reaches the table through the
// buffer with its patient, the admin's CSV answers "who opened patient X" (formulas neutralised),
// retention prunes only old rows, and a backup carries the events to another instance.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { flushAccessLog, pruneAccessLog, recordAccess, recordDownload } from "@/lib/server/access-log/log";
import { accessCsv, listAccess } from "@/lib/server/access-log/query";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { openBackupFile, writeBackupFile } from "@/lib/server/backup/files";
import { restoreAudit } from "@/lib/server/backup/restore-audit";
import { itemDetail } from "@/lib/server/datasets/item-detail";
import { loadCasePage } from "@/lib/server/review/case-page";
import { buildAudit } from "./backup-world";
import { DATABASES, freshDb } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-access-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function text(csv: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const chunk of csv) out += chunk;
  return out;
}

describe.each(DATABASES)("the access log on $name", (database) => {
  let db: Db;
  let auditId: string;
  let rater: string;
  let patient: string;
  beforeAll(async () => {
    db = await freshDb(database);
    auditId = await buildAudit(db);
    const assignment = (await db.assignment.findFirst({ where: { auditId, active: true }, orderBy: { id: "asc" } }))!;
    rater = assignment.userId;
    const page = (await loadCasePage(db, rater, assignment.id, { recordDir: null, address: "203.0.113.7" }))!;
    patient = page.item.patientExternalId;
    await flushAccessLog(db);
  }, 120_000);
  afterAll(async () => {
    await db.$disconnect();
    for (const d of DATABASES) await d.dropAll();
  });

  it("records a rater's case view, with the patient, the item and the address, once flushed", async () => {
    const events = await db.accessEvent.findMany({ where: { userId: rater, action: "case.view" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ patient, auditId, address: "203.0.113.7" });
    expect(events[0]!.itemExternalId).toBeTruthy();
  });

  it("finds who opened a patient's record in the list and the CSV, formulas neutralised", async () => {
    recordAccess(db, { userId: rater, action: "dataset-item.view", patient: '=HYPERLINK("http://x")', address: null });
    const { rows, total } = await listAccess(db, { page: 1, pageSize: 25 }, { patient }); // flushes first
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ action: "case.view", patient, userId: rater });
    const csv = await text(accessCsv(db, { userId: rater }));
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe("at,user_email,user_name,user_id,action,patient,item,dataset_id,audit_id,detail,address");
    expect(lines.some((l) => l.includes(`,case.view,${patient},`) && l.endsWith(",203.0.113.7"))).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const today = new Date().toISOString().slice(0, 10);
    expect(await text(accessCsv(db, { patient, from: "2000-01-01", to: "2000-01-02" }))).not.toContain(patient);
    expect(await text(accessCsv(db, { patient, from: today, to: today }))).toContain(patient);
  });

  it("prunes only the rows past retention", async () => {
    const now = new Date();
    recordAccess(db, { userId: rater, action: "case.view", patient: "OLD", address: null, at: new Date(now.getTime() - 401 * 86_400_000) });
    recordAccess(db, {
      userId: rater,
      action: "case.view",
      patient: "RECENT",
      address: null,
      at: new Date(now.getTime() - 399 * 86_400_000),
    });
    await flushAccessLog(db);
    expect(await pruneAccessLog(db, now, 400)).toBe(1);
    expect(await db.accessEvent.count({ where: { patient: { in: ["OLD", "RECENT"] } } })).toBe(1);
    expect(await db.accessEvent.count({ where: { patient: patient } })).toBeGreaterThan(0);
  });

  it("carries the audit's access events in its backup and restores them elsewhere", async () => {
    const organizer = (await db.audit.findUnique({ where: { id: auditId } }))!.createdById;
    const item = (await db.item.findFirst({ where: { patient: { externalId: patient } } }))!;
    await itemDetail(db, item.datasetId, item.id, { userId: organizer, address: null });
    recordDownload(db, { userId: organizer, address: "198.51.100.2" }, "download.package", { auditId, detail: { file: "p.zip" } });
    await flushAccessLog(db);
    const backup = (await exportAuditBackup(db, auditId, "test"))!;
    const file = path.join(dir, `${database.name}.jsonl.gz`);
    await writeBackupFile(backup.lines, file);
    const fresh = await freshDb(database);
    try {
      expect(await restoreAudit(fresh, null, openBackupFile(file))).toMatchObject({ status: "restored" });
      const restored = await fresh.accessEvent.findMany({ orderBy: { at: "asc" } });
      const emails = new Map((await fresh.user.findMany()).map((u) => [u.id, u.email]));
      const sourceEmails = new Map((await db.user.findMany()).map((u) => [u.id, u.email]));
      expect(restored.map((e) => [e.action, e.patient, emails.get(e.userId)]).sort()).toEqual(
        [
          ["case.view", patient, sourceEmails.get(rater)],
          ["dataset-item.view", patient, sourceEmails.get(organizer)],
          ["download.package", null, sourceEmails.get(organizer)],
        ].sort(),
      );
      expect(restored.find((e) => e.action === "case.view")).toMatchObject({ auditId, address: "203.0.113.7" });
      expect(restored.find((e) => e.action === "dataset-item.view")).toMatchObject({ auditId: null, itemId: item.id });
    } finally {
      await fresh.$disconnect();
    }
  }, 120_000);
});
