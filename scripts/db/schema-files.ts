// The Prisma schema of one provider is its datasource file plus the shared models.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Provider } from "../../lib/db/target";

export const PROVIDERS: Provider[] = ["sqlite", "postgres"];
export const PRISMA_DIR = fileURLToPath(new URL("../../prisma", import.meta.url));
export const MODELS_FILE = path.join(PRISMA_DIR, "models.prisma");
/** Copy of models.prisma kept in each migration folder: what the database looks like after it. */
export const SNAPSHOT_FILE = "models.snapshot.prisma.txt";

export interface SchemaFile {
  path: string;
  content: string;
}

export function datasourceFile(provider: Provider): SchemaFile {
  const file = path.join(PRISMA_DIR, provider, "datasource.prisma");
  return { path: file, content: fs.readFileSync(file, "utf8") };
}

export function schemaFiles(provider: Provider, models: string): SchemaFile[] {
  return [datasourceFile(provider), { path: MODELS_FILE, content: models }];
}

/** Models text without comments and layout, to tell a real change from a cosmetic one. */
export function normalizeModels(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .replace(/\/\/.*$/, "")
        .trim()
        .replace(/\s+/g, " "),
    )
    .filter(Boolean)
    .join("\n");
}

export function latestSnapshot(provider: Provider): { name: string; models: string } | null {
  const dir = path.join(PRISMA_DIR, provider, "migrations");
  if (!fs.existsSync(dir)) return null;
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const last = names.at(-1);
  if (!last) return null;
  const file = path.join(dir, last, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: every migration keeps the models it was made from`);
  return { name: last, models: fs.readFileSync(file, "utf8") };
}
