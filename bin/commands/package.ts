/**
 * `clinaudit package --audit <id> [--out FILE]`: writes the audit's reproducibility package (a zip:
 * ratings, audit.json, the report, reproduce.py and reproduce.R, SHA256SUMS) from the database
 * named by DATABASE_URL, and prints the zip's SHA-256. Same audit state, same bytes.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";
import { parseDatabaseUrl } from "../../lib/db/target";
import { databaseUrl, loadEnv } from "../../lib/env";
import { buildAuditPackage } from "../../lib/server/reports/audit-package";
import { optionValue, type Io } from "./options";

export const PACKAGE_USAGE = `Usage: clinaudit package --audit <id> [--out FILE]

Writes the audit's reproducibility package to FILE (default <audit-name>-reproducibility.zip): the
ratings (long, and wide per dimension for irrCAC), comments, final labels, time on task, audit.json
(dataset checksum, frame, seed, algorithms and versions, strata, rubric, assignment plan), the report
(JSON, Markdown, LaTeX) and appendix paragraph, reproduce.py (Python 3 + numpy) and reproduce.R, and
SHA256SUMS. The same audit state always gives the same bytes; the SHA-256 of the zip is printed.
`;

const SCRIPTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../lib/reports/package");

export async function runPackage(argv: string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(PACKAGE_USAGE);
    return 0;
  }
  const auditId = optionValue(argv, "--audit");
  const out = optionValue(argv, "--out");
  if (!auditId || out === "" || argv.length !== (out === undefined ? 2 : 4)) {
    io.stderr(PACKAGE_USAGE);
    return 2;
  }
  const url = databaseUrl(loadEnv());
  await applyMigrations(parseDatabaseUrl(url));
  const db = createDb(url);
  try {
    const built = await buildAuditPackage(db, auditId, SCRIPTS_DIR);
    if (!built) {
      io.stderr(`clinaudit package: no audit with id ${auditId}\n`);
      return 1;
    }
    const file = out ?? built.fileName;
    const partial = `${file}.partial`;
    try {
      fs.writeFileSync(partial, built.zip);
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    io.stdout(`Wrote ${file} (${built.entries.length} files, ${(built.zip.length / 1024).toFixed(1)} KiB)\nSHA-256 ${built.sha256}\n`);
    return 0;
  } finally {
    await db.$disconnect();
  }
}
