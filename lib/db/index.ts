// The process-wide database client for the server (one per process, reused across hot reloads).
import "server-only";
import { databaseUrl } from "../env";
import { createDb, type Db } from "./client";

const globalForDb = globalThis as unknown as { clinauditDb?: Db };

export function db(): Db {
  globalForDb.clinauditDb ??= createDb(databaseUrl());
  return globalForDb.clinauditDb;
}
