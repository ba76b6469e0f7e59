// The Prisma client for DATABASE_URL: SQLite (embedded default) or PostgreSQL, through driver
// adapters (no native query engine). Both clients come from the same models, so the SQLite
// client's type describes either.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { PrismaClient } from "../generated/sqlite/client";
import { parseDatabaseUrl } from "./target";

export type Db = PrismaClient;
export type { Prisma } from "../generated/sqlite/client";

export function createDb(databaseUrl: string): Db {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === "sqlite") {
    // WAL is set by the migrator on the file; the timeout lets concurrent writers queue.
    const adapter = new PrismaBetterSqlite3({ url: target.file, timeout: 10_000 });
    return new PrismaClient({ adapter });
  }
  const adapter = new PrismaPg({ connectionString: target.url });
  return new PostgresClient({ adapter }) as unknown as Db;
}
