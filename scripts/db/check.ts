// npm run db:check — fails when prisma/models.prisma changed without a migration, or when a
// provider's migrations do not add up to the models (replayed through the schema engine).
import { diffModels, hasStatements } from "./schema-engine";
import { latestSnapshot, MODELS_FILE, normalizeModels, PROVIDERS, schemaFiles } from "./schema-files";
import fs from "node:fs";

export async function checkMigrations(): Promise<string[]> {
  const problems: string[] = [];
  const models = fs.readFileSync(MODELS_FILE, "utf8");
  for (const provider of PROVIDERS) {
    const last = latestSnapshot(provider);
    if (!last) {
      problems.push(`${provider}: no migrations yet`);
      continue;
    }
    if (normalizeModels(last.models) !== normalizeModels(models)) {
      problems.push(`${provider}: prisma/models.prisma changed since ${last.name}; run npm run db:migration -- <name>`);
      continue;
    }
    const drift = await diffModels(provider, schemaFiles(provider, last.models), schemaFiles(provider, models));
    if (hasStatements(drift)) problems.push(`${provider}: snapshot of ${last.name} does not match the models:\n${drift}`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  checkMigrations().then(
    (problems) => {
      for (const p of problems) console.error(p);
      if (problems.length === 0) console.log("migrations match prisma/models.prisma for every provider");
      process.exit(problems.length ? 1 : 0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
