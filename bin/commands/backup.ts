/**
 * `clinaudit backup --audit <id> [--out FILE]`: writes one audit, with its dataset and every
 * rating, to a backup file (docs/backup.md) from the database named by DATABASE_URL.
 */
import fs from "node:fs";
import { createDb } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";
import { parseDatabaseUrl } from "../../lib/db/target";
import { databaseUrl, loadEnv } from "../../lib/env";
import { exportAuditBackup, recordBackupEvent } from "../../lib/server/backup/export-audit";
import { writeBackupFile } from "../../lib/server/backup/files";
import { optionValue, type Io } from "./options";
import { printable } from "../../lib/schemas/text";

export const BACKUP_USAGE = `Usage: clinaudit backup --audit <id> [--out FILE]

Writes the audit, the dataset version it samples, the accounts it names (email, name, role; no
passwords), its ratings, comments, corrections and adjudication to FILE (default
clinaudit-backup-<id>.jsonl.gz). A name ending in .gz is gzip-compressed. Restore it with
clinaudit restore FILE. See docs/backup.md.
`;

export async function runBackup(argv: string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(BACKUP_USAGE);
    return 0;
  }
  const auditId = optionValue(argv, "--audit");
  const out = optionValue(argv, "--out");
  if (!auditId || out === "" || argv.length !== (out === undefined ? 2 : 4)) {
    io.stderr(BACKUP_USAGE);
    return 2;
  }
  const file = out ?? `clinaudit-backup-${auditId}.jsonl.gz`;
  const url = databaseUrl(loadEnv());
  await applyMigrations(parseDatabaseUrl(url));
  const db = createDb(url);
  try {
    const backup = await exportAuditBackup(db, auditId, "clinaudit cli");
    if (!backup) {
      io.stderr(`clinaudit backup: no audit with id ${auditId}\n`);
      return 1;
    }
    const partial = `${file}.partial`;
    try {
      const bytes = await writeBackupFile(backup.lines, partial, file.endsWith(".gz"));
      fs.renameSync(partial, file);
      await recordBackupEvent(db, null, auditId, { via: "cli", file });
      io.stdout(`Backed up "${printable(backup.auditName)}" (${auditId}) to ${file} (${(bytes / 1e6).toFixed(1)} MB).\n`);
      return 0;
    } finally {
      fs.rmSync(partial, { force: true });
    }
  } finally {
    await db.$disconnect();
  }
}
