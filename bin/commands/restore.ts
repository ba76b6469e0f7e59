/**
 * `clinaudit restore FILE`: restores one audit from a backup into the database named by
 * DATABASE_URL, all or nothing. A bad file is refused with every located problem (line: field:
 * message) and exit code 1; nothing is written.
 */
import fs from "node:fs";
import { createDb } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";
import { parseDatabaseUrl } from "../../lib/db/target";
import { databaseUrl, loadEnv } from "../../lib/env";
import { openBackupFile } from "../../lib/server/backup/files";
import { restoreAudit } from "../../lib/server/backup/restore-audit";
import type { Io } from "./options";
import { printable } from "../../lib/schemas/text";

export const RESTORE_USAGE = `Usage: clinaudit restore FILE

Restores an audit from a file written by clinaudit backup (plain or gzip). People are matched by
email; anyone missing gets a deactivated account without a usable password, which an admin
activates and whose password they reset. An audit id that already exists is refused. See
docs/backup.md.
`;

export async function runRestore(argv: string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(RESTORE_USAGE);
    return 0;
  }
  if (argv.length !== 1 || argv[0]!.startsWith("--")) {
    io.stderr(RESTORE_USAGE);
    return 2;
  }
  const file = argv[0]!;
  if (!fs.existsSync(file)) {
    io.stderr(`clinaudit restore: ${file}: no such file\n`);
    return 2;
  }
  const url = databaseUrl(loadEnv());
  await applyMigrations(parseDatabaseUrl(url));
  const db = createDb(url);
  try {
    const outcome = await restoreAudit(db, null, openBackupFile(file));
    if (outcome.status === "invalid") {
      for (const issue of outcome.issues)
        io.stderr(`${issue.line ? `${issue.file}:${issue.line}` : issue.file}: ${issue.field}: ${issue.message}\n`);
      if (outcome.total > outcome.issues.length) io.stderr(`… and ${outcome.total - outcome.issues.length} more\n`);
      io.stderr(`Restore refused: ${outcome.total} problem(s). Nothing was written.\n`);
      return 1;
    }
    if (outcome.status === "refused") {
      io.stderr(`Restore refused: ${outcome.message} Nothing was written.\n`);
      return 1;
    }
    const d = outcome.dataset;
    io.stdout(
      `Restored "${printable(outcome.auditName)}" (${outcome.auditId}): ${outcome.counts.auditItem ?? 0} items, ${outcome.counts.assignment ?? 0} assignments.\n`,
    );
    io.stdout(`Dataset ${printable(d.name)} v${d.version}: ${d.reused ? "already here (same checksum), reused" : "created"}.\n`);
    if (outcome.createdUsers.length > 0) {
      io.stdout(
        `Created ${outcome.createdUsers.length} deactivated account(s) without a usable password: ${outcome.createdUsers.join(", ")}.\n`,
      );
      io.stdout(`An admin must reset their passwords and activate them (Users page) before they can sign in.\n`);
    }
    for (const w of outcome.warnings) io.stdout(`Warning: ${w}\n`);
    return 0;
  } catch (error) {
    io.stderr(`Restore failed: ${(error as Error).message}. Nothing was written.\n`);
    return 1;
  } finally {
    await db.$disconnect();
  }
}
