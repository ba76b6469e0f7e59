// A fresh database with the demo world (accounts, datasets, the open demo audits), for the
// integration tests that need an audit with raters and ratings but no particular shape.
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { bootstrap } from "@/lib/server/setup/bootstrap";
import { target, type TestDatabase } from "./databases";

export async function demoWorld(database: TestDatabase): Promise<Db> {
  const url = await database.create();
  await applyMigrations(target(url));
  const db = createDb(url);
  await bootstrap(db, { demo: true });
  return db;
}
