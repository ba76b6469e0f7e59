// A fresh database with the demo world (accounts, datasets, the open demo audits), for the
// integration tests that need an audit with raters and ratings but no particular shape.
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { bootstrap } from "@/lib/server/setup/bootstrap";
import { target, type TestDatabase } from "./databases";

/** `url`: a database already created by `database.create()` (when the test needs its URL too). */
export async function demoWorld(database: TestDatabase, given?: string): Promise<Db> {
  const url = given ?? (await database.create());
  await applyMigrations(target(url));
  const db = createDb(url);
  await bootstrap(db, { demo: true });
  return db;
}
