// npm run db:migration -- <name>
// Creates the next migration for BOTH providers from the change in prisma/models.prisma since
// the last migration's snapshot. Works offline (Wasm schema engine, no database needed).
// Never a silent no-op: models that changed but yield no SQL fail loudly.
import fs from "node:fs";
import path from "node:path";
import { diffModels, hasStatements } from "./schema-engine";
import { latestSnapshot, MODELS_FILE, normalizeModels, PRISMA_DIR, PROVIDERS, schemaFiles, SNAPSHOT_FILE } from "./schema-files";

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("usage: npm run db:migration -- <name>   (lower-case letters, digits, _)");
    return 2;
  }
  const models = fs.readFileSync(MODELS_FILE, "utf8");
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = `${stamp}_${name}`;
  const planned: { dir: string; sql: string }[] = [];

  for (const provider of PROVIDERS) {
    const previous = latestSnapshot(provider);
    if (previous && normalizeModels(previous.models) === normalizeModels(models)) {
      console.log(`${provider}: models unchanged since ${previous.name}; nothing to migrate`);
      continue;
    }
    const from = previous ? schemaFiles(provider, previous.models) : null;
    const sql = await diffModels(provider, from, schemaFiles(provider, models));
    if (!hasStatements(sql)) {
      // The models differ, so an empty script would hide a change from the database.
      console.error(
        `${provider}: prisma/models.prisma differs from ${previous?.name ?? "an empty database"} ` +
          "but the schema engine produced no SQL. Nothing was written. " +
          "(Only reordered fields or another change with no effect on the database? Revert it, or write the SQL by hand.)",
      );
      return 1;
    }
    planned.push({ dir: path.join(PRISMA_DIR, provider, "migrations", folder), sql });
  }

  if (planned.length === 0) return 0;
  if (planned.length !== PROVIDERS.length) {
    console.error("The providers' migration histories disagree; fix them before adding a migration.");
    return 1;
  }
  for (const { dir, sql } of planned) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql);
    fs.writeFileSync(path.join(dir, SNAPSHOT_FILE), models);
    console.log(`created ${path.relative(process.cwd(), dir)}/migration.sql (${sql.split("\n").length} lines)`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
