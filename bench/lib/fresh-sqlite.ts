// A bench world's database: a fresh SQLite file in an emptied data dir, migrated.
import fs from "node:fs";
import path from "node:path";
import { createDb, type Db } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";

export async function freshSqlite(dataDir: string): Promise<Db> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "clinaudit.db");
  const url = `file:${file}`;
  await applyMigrations({ provider: "sqlite", url, file });
  return createDb(url);
}
