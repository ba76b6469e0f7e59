// What the backup tests (backup.test.ts) check with: a backup written to a file, the row counts a
// restore writes, the exports compared file by file, a backup file given as text.
import { expect } from "vitest";
import type { Db } from "@/lib/db/client";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { writeBackupFile } from "@/lib/server/backup/files";
import type { BackupSource } from "@/lib/server/backup/restore-audit";

export async function backupTo(db: Db, auditId: string, file: string): Promise<string> {
  const backup = (await exportAuditBackup(db, auditId, "test", new Date("2026-03-01T00:00:00Z")))!;
  await writeBackupFile(backup.lines, file);
  return file;
}

/** Row counts of every table a restore writes. */
export async function counts(db: Db) {
  const tables = {
    users: db.user,
    datasets: db.dataset,
    patients: db.patient,
    events: db.ehrEvent,
    items: db.item,
    audits: db.audit,
    auditItems: db.auditItem,
    assignments: db.assignment,
    ratings: db.rating,
    corrections: db.correction,
    adjudications: db.adjudication,
    decisions: db.correctionDecision,
    trail: db.auditEvent,
    messages: db.threadMessage,
  };
  const names = Object.keys(tables) as (keyof typeof tables)[];
  const values = await Promise.all(names.map((n) => (tables[n] as unknown as { count(): Promise<number> }).count()));
  return Object.fromEntries(names.map((n, i) => [n, values[i]!])) as Record<keyof typeof tables, number>;
}

/**
 * Every report export and change log byte for byte. The corrected benchmark file too, except
 * across providers: PostgreSQL's jsonb keeps no key order inside the stored records, so there it
 * is compared as parsed JSON (the same is true of two instances that imported the same file).
 */
export function expectSameFiles(got: Record<string, string>, want: Record<string, string>, sameProvider: boolean) {
  const dataset = "corrected/ehr-decision-mcq.json";
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const [name, text] of Object.entries(want)) {
    if (name === dataset && !sameProvider) expect(JSON.parse(got[name]!), name).toEqual(JSON.parse(text));
    else expect(got[name], name).toBe(text);
  }
}

export const textSource = (name: string, text: string): BackupSource => ({
  name,
  open: async function* () {
    yield text;
  },
});
