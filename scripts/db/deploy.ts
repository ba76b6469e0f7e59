// npm run db:deploy — apply pending migrations to DATABASE_URL (the app also does this at start).
// npm run db:status — list pending migrations; exit 1 when some are pending.
import { applyMigrations, migrationStatus } from "../../lib/db/migrate";
import { parseDatabaseUrl, redact } from "../../lib/db/target";
import { databaseUrl, loadEnv } from "../../lib/env";

async function main() {
  const target = parseDatabaseUrl(databaseUrl(loadEnv()));
  const where = target.provider === "sqlite" ? target.file : redact(target.url);
  if (process.argv.includes("--status")) {
    const { total, pending } = await migrationStatus(target);
    console.log(`${where}: ${total - pending.length} of ${total} migrations applied`);
    for (const name of pending) console.log(`  pending: ${name}`);
    return pending.length ? 1 : 0;
  }
  const report = await applyMigrations(target, { log: (l) => console.log(`  ${l}`) });
  console.log(`${where}: ${report.applied.length} applied, ${report.alreadyApplied} already in place`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
