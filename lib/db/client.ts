// The Prisma client for DATABASE_URL: SQLite (embedded default) or PostgreSQL, through driver
// adapters (no native query engine). Both clients come from the same models, so the SQLite
// client's type describes either.
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { PrismaClient } from "../generated/sqlite/client";
import { secureSqliteFile } from "./file-modes";
import { parseDatabaseUrl } from "./target";

export type Db = PrismaClient;
export type { Prisma } from "../generated/sqlite/client";
export type SqliteConnection = BetterSqlite3.Database;

/**
 * What each client was made with, kept on globalThis: Next bundles this module into several
 * chunks (route handlers, server components, actions), and the process-wide client (lib/db) made
 * by one copy is used by the others, whose own module-level maps would not know it.
 */
const registry = ((globalThis as unknown as { clinauditDbRegistry?: DbRegistry }).clinauditDbRegistry ??= {
  connections: new WeakMap(),
  urls: new WeakMap(),
  pools: new WeakMap(),
});

interface DbRegistry {
  /** The better-sqlite3 connection each SQLite client's adapter opened (see sqliteConnection). */
  connections: WeakMap<object, { current?: SqliteConnection }>;
  /** The DATABASE_URL each client was made for (see clientUrl). */
  urls: WeakMap<object, string>;
  /** The connections of each PostgreSQL client's pool (see pgTransactionConnection). */
  pools: WeakMap<object, Set<pg.PoolClient>>;
}
const { connections, urls, pools } = registry;

/** The URL `createDb` made this client for. */
export function clientUrl(db: Db): string {
  const url = urls.get(db);
  if (!url) throw new Error("clientUrl: this client was not made by createDb");
  return url;
}

/**
 * A client derived from one of createDb's by `$extends` (a bench's query counter): clientUrl and
 * the connection lookups answer for it as for `base`, so the code it runs may ask them.
 */
export function derivedClient<T extends object>(derived: T, base: Db): T {
  urls.set(derived, clientUrl(base));
  const connection = connections.get(base);
  if (connection) connections.set(derived, connection);
  const pool = pools.get(base);
  if (pool) pools.set(derived, pool);
  return derived;
}

export interface DbOptions {
  /** PostgreSQL: connections in this client's pool (pages, actions, imports share them). */
  poolSize?: number;
  /** PostgreSQL: how long an interactive transaction may wait for a pool connection (ms). */
  transactionMaxWaitMs?: number;
  /** SQLite: the busy timeout (ms); SQLITE_BUSY_TIMEOUT_MS unless a test needs it shorter. */
  sqliteBusyTimeoutMs?: number;
  /** SQLite: this connection's page cache (KB); unset, better-sqlite3's build default of 16 MB. */
  sqliteCacheKb?: number;
}

/**
 * The page cache of the server's own SQLite connections (KB): the web process's and its report
 * and corrected-build threads' (SQLite's stock default; better-sqlite3 builds it with 16 MB). The
 * database file is in the system's page cache anyway, which the server's resident set does not
 * count, so each connection's private copy of the pages it read was memory spent twice: on a full
 * review the server's peak was 33–42 MB lower with 2 MB, and at every step of the bench before it,
 * while a full review's snapshot read as fast (bench/README.md, 2026-12-08). Imports keep the
 * larger cache: a bulk write with 2 MB took 12 % longer (its dirty pages spill early).
 */
export const SERVER_SQLITE_CACHE_KB = 2_000;

/**
 * Each process's PostgreSQL pool: 10 connections. Saves of ratings share one transaction per
 * process at a time (group commit); other writes each hold one connection for their whole
 * transaction, so a burst larger than the pool queues, and a transaction that cannot start within
 * maxWait is retried by its caller (lib/db/transient.ts). docs/deployment.md sizes
 * max_connections for N processes from this.
 */
export const PG_POOL_SIZE = 10;

/**
 * How long a SQLite statement waits for another process's write lock before failing "busy". The
 * wait is synchronous (better-sqlite3), so it is kept short enough not to stall the server long.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * The adapter opens every transaction with a deferred `BEGIN`: its first write must then upgrade
 * a read snapshot, which SQLite refuses at once (SQLITE_BUSY, no busy wait) while another process
 * writes. `BEGIN IMMEDIATE` takes the write lock up front, where the busy timeout applies. This
 * process's transactions are one at a time anyway (the adapter's mutex on its one connection).
 */
function beginImmediate(connection: SqliteConnection): void {
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql)) as typeof connection.prepare;
}

export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === "sqlite") {
    // WAL is set by the migrator on the file; the busy timeout lets writers of other processes queue.
    if (target.file !== ":memory:" && fs.existsSync(path.dirname(target.file))) secureSqliteFile(target.file);
    const adapter = new PrismaBetterSqlite3({ url: target.file, timeout: options.sqliteBusyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS });
    const slot: { current?: SqliteConnection } = {};
    const connect = adapter.connect.bind(adapter);
    adapter.connect = async () => {
      const opened = await connect();
      // The adapter keeps its one connection as `client` (adapter-better-sqlite3 7.x).
      const client = (opened as unknown as { client?: SqliteConnection }).client;
      slot.current = client && typeof client.prepare === "function" ? client : undefined;
      if (slot.current) beginImmediate(slot.current);
      if (slot.current && options.sqliteCacheKb) slot.current.pragma(`cache_size = -${Math.round(options.sqliteCacheKb)}`);
      return opened;
    };
    const db = new PrismaClient({ adapter });
    connections.set(db, slot);
    urls.set(db, databaseUrl);
    return db;
  }
  // Our own pool, so that an import can reach the connection its transaction runs on (COPY).
  const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? PG_POOL_SIZE });
  const clients = new Set<pg.PoolClient>();
  pool.on("connect", (client) => clients.add(client));
  pool.on("remove", (client) => clients.delete(client as pg.PoolClient));
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Every statement of an interactive transaction is a round trip here: Prisma's 5 s default
  // failed assigning 100 clinicians (one transaction) on a loaded 2-core machine
  // (bench --only pair). Transactions that need longer say so themselves (imports: an hour).
  const db = new PostgresClient({
    adapter,
    transactionOptions: { timeout: 30_000, maxWait: options.transactionMaxWaitMs ?? 10_000 },
  }) as unknown as Db;
  pools.set(db, clients);
  urls.set(db, databaseUrl);
  return db;
}

interface RawQuery {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}

/**
 * The pg connection an interactive transaction of a PostgreSQL client (`db.$transaction(tx =>
 * …)`) runs on, found by its backend process id; undefined for SQLite. Statements sent on it
 * while the callback runs (COPY) belong to that transaction and commit or roll back with it.
 * Prisma sends nothing on it meanwhile unless the callback does.
 */
export async function pgTransactionConnection(db: Db, tx: RawQuery): Promise<pg.PoolClient | undefined> {
  const clients = pools.get(db);
  if (!clients) return undefined;
  const [row] = await tx.$queryRawUnsafe<{ pid: number }[]>("SELECT pg_backend_pid() AS pid");
  for (const client of clients) if ((client as unknown as { processID: number | null }).processID === row?.pid) return client;
  throw new Error(`pgTransactionConnection: no connection of this client's pool has backend pid ${row?.pid}`);
}

/**
 * The one better-sqlite3 connection behind a SQLite client, once it has connected; undefined
 * for PostgreSQL. Every query and interactive transaction of the client runs on it, so
 * statements prepared on it inside `db.$transaction(...)` belong to that transaction (bulk
 * imports use this to skip Prisma's per-parameter raw-query overhead).
 */
export function sqliteConnection(db: Db): SqliteConnection | undefined {
  return connections.get(db)?.current;
}
