// Applies the committed SQL migrations (prisma/<provider>/migrations/*/migration.sql) with the
// plain database drivers, so starting the app never needs Prisma's native schema engine (which
// cannot be downloaded on offline machines). The bookkeeping table is Prisma's own
// `_prisma_migrations` with Prisma's checksum (SHA-256 of the file), so `prisma migrate status`
// and `deploy` agree with us wherever the native engine is available.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { secureSqliteFile } from "./file-modes";
import pg from "pg";
import type { DbTarget, Provider } from "./target";

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Prisma takes this advisory lock while migrating PostgreSQL; we take the same one. */
const PG_LOCK_ID = 72707369;

export function migrationsDir(provider: Provider): string {
  return fileURLToPath(new URL(`../../prisma/${provider}/migrations`, import.meta.url));
}

export function readMigrations(dir: string): Migration[] {
  if (!fs.existsSync(dir)) throw new MigrationError(`No migrations folder at ${dir}`);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const file = path.join(dir, name, "migration.sql");
      if (!fs.existsSync(file)) throw new MigrationError(`${file} is missing`);
      const sql = fs.readFileSync(file, "utf8");
      if (!sql.trim()) throw new MigrationError(`${file} is empty`);
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/** The migrations still to apply; throws on a history that must not be papered over. */
export function planMigrations(all: Migration[], rows: AppliedRow[]): Migration[] {
  const live = rows.filter((r) => r.rolled_back_at == null);
  const failed = live.find((r) => r.finished_at == null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} started but never finished; the database needs attention before anything else is applied`,
    );
  }
  const known = new Map(all.map((m) => [m.name, m]));
  for (const row of live) {
    const local = known.get(row.migration_name);
    if (!local) {
      throw new MigrationError(
        `The database has migration ${row.migration_name}, which this version of ClinAudit does not know (is the code older than the database?)`,
      );
    }
    if (local.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${row.migration_name} was edited after it was applied (checksum differs); create a new migration instead`,
      );
    }
  }
  const done = new Set(live.map((r) => r.migration_name));
  return all.filter((m) => !done.has(m.name));
}

export async function applyMigrations(
  target: DbTarget,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const all = readMigrations(options.dir ?? migrationsDir(target.provider));
  const log = options.log ?? (() => {});
  return target.provider === "sqlite" ? applySqlite(target.file, all, log) : applyPostgres(target.url, all, log);
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;

export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    secureSqliteFile(file);
  }
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 10000");
  db.pragma("foreign_keys = ON");
  return db;
}

function applySqlite(file: string, all: Migration[], log: (l: string) => void): MigrationReport {
  const db = openSqlite(file);
  try {
    db.exec(SQLITE_TABLE);
    const applied: string[] = [];
    let alreadyApplied = 0;
    for (const migration of all) {
      // One transaction per migration, re-planned under the write lock so two processes
      // starting together never apply the same migration twice. Foreign keys are off while it
      // runs (the pragma is ignored inside a transaction, so it is set before BEGIN): Prisma's
      // SQLite migrations rebuild tables by DROP + RENAME, and with them on, dropping a table
      // fires ON DELETE CASCADE and silently deletes the rows that reference it. The keys are
      // checked before COMMIT instead.
      db.pragma("foreign_keys = OFF");
      db.exec("BEGIN IMMEDIATE");
      try {
        const rows = db.prepare(`SELECT * FROM "_prisma_migrations"`).all() as AppliedRow[];
        const pending = planMigrations(all, rows);
        if (!pending.some((m) => m.name === migration.name)) {
          db.exec("COMMIT");
          alreadyApplied++;
          continue;
        }
        db.exec(migration.sql);
        const broken = db.pragma("foreign_key_check") as unknown[];
        if (broken.length)
          throw new MigrationError(
            `Migration ${migration.name} would leave ${broken.length} broken foreign key reference(s); it was rolled back`,
          );
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES (?, ?, current_timestamp, ?, 1)`,
        ).run(randomUUID(), migration.checksum, migration.name);
        db.exec("COMMIT");
        applied.push(migration.name);
        log(`applied ${migration.name}`);
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw wrap(error, migration.name);
      } finally {
        db.pragma("foreign_keys = ON");
      }
    }
    return { applied, alreadyApplied };
  } finally {
    db.close();
  }
}

const PG_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

async function applyPostgres(url: string, all: Migration[], log: (l: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PG_LOCK_ID]);
    await client.query(PG_TABLE);
    const { rows } = await client.query<AppliedRow>(`SELECT * FROM "_prisma_migrations"`);
    const pending = planMigrations(all, rows);
    for (const migration of pending) {
      try {
        await client.query("BEGIN");
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query("COMMIT");
        log(`applied ${migration.name}`);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw wrap(error, migration.name);
      }
    }
    return { applied: pending.map((m) => m.name), alreadyApplied: all.length - pending.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PG_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** Applied and pending migrations, for `npm run db:status`. */
export async function migrationStatus(target: DbTarget, dir?: string) {
  const all = readMigrations(dir ?? migrationsDir(target.provider));
  let rows: AppliedRow[] = [];
  if (target.provider === "sqlite") {
    const db = openSqlite(target.file);
    try {
      db.exec(SQLITE_TABLE);
      rows = db.prepare(`SELECT * FROM "_prisma_migrations"`).all() as AppliedRow[];
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(PG_TABLE);
      rows = (await client.query<AppliedRow>(`SELECT * FROM "_prisma_migrations"`)).rows;
    } finally {
      await client.end();
    }
  }
  const pending = planMigrations(all, rows);
  return { total: all.length, pending: pending.map((m) => m.name) };
}

function wrap(error: unknown, name: string): Error {
  if (error instanceof MigrationError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MigrationError(`Migration ${name} failed and was rolled back: ${message}`);
}
