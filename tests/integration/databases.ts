// The databases integration tests run against: a fresh SQLite file, and a fresh PostgreSQL
// database on the throwaway server that `npm test` starts (TEST_POSTGRES_URL). Without that
// server the PostgreSQL cases are skipped locally and fail in CI, where they are required.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { parseDatabaseUrl, type DbTarget } from "@/lib/db/target";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  /** Creates an empty database and returns its URL. */
  create(): Promise<string>;
  dropAll(): Promise<void>;
}

const created: string[] = [];
const adminUrl = process.env.TEST_POSTGRES_URL;
if (!adminUrl && process.env.CI) throw new Error("TEST_POSTGRES_URL must be set in CI: PostgreSQL tests are required");

export const sqlite: TestDatabase = {
  name: "sqlite",
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-test-"));
    created.push(dir);
    return `file:${path.join(dir, "test.db")}`;
  },
  async dropAll() {
    for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  },
};

const pgDatabases: string[] = [];
export const postgres: TestDatabase = {
  name: "postgres",
  async create() {
    const name = `clinaudit_test_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    pgDatabases.push(name);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  },
  async dropAll() {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    for (const name of pgDatabases.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  },
};

export const DATABASES: TestDatabase[] = adminUrl ? [sqlite, postgres] : [sqlite];
if (!adminUrl) console.warn("TEST_POSTGRES_URL is not set: PostgreSQL integration tests are skipped (npm test sets it)");

export function target(url: string): DbTarget {
  return parseDatabaseUrl(url);
}

/** A new empty database of `database`'s engine, migrated, with its client. */
export async function freshDb(database: TestDatabase): Promise<Db> {
  const url = await database.create();
  await applyMigrations(target(url));
  return createDb(url);
}
