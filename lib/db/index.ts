// The process-wide database client for the server (one per process, reused across hot reloads).
import "server-only";
import { databaseUrl } from "../env";
import { processWide } from "../process-wide";
import { createDb, type Db, SERVER_SQLITE_CACHE_KB } from "./client";

export function db(): Db {
  return processWide("db", () => createDb(databaseUrl(), { sqliteCacheKb: SERVER_SQLITE_CACHE_KB }));
}
