// The server's own SQLite connections keep a small page cache (SERVER_SQLITE_CACHE_KB): the file
// is in the system's page cache already, and a 16 MB private copy per connection was memory the
// server's resident set paid for twice (issue 30, the full review's peak). Imports keep the larger one.
import { afterAll, describe, expect, it } from "vitest";
import { createDb, SERVER_SQLITE_CACHE_KB } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { threadDbClients } from "@/lib/server/threads/db-clients";
import { sqlite, target } from "./databases";

async function cacheSize(db: ReturnType<typeof createDb>): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ cache_size: number | bigint }[]>("PRAGMA cache_size");
  return Number(row!.cache_size);
}

describe("a SQLite connection's page cache", () => {
  afterAll(() => sqlite.dropAll());

  it("is the server's small one for the server's clients, and better-sqlite3's default otherwise", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const server = createDb(url, { sqliteCacheKb: SERVER_SQLITE_CACHE_KB });
    const thread = threadDbClients(1)(url);
    const bulk = createDb(url);
    try {
      // Negative: a size in KB (SQLite's convention).
      expect(await cacheSize(server)).toBe(-SERVER_SQLITE_CACHE_KB);
      expect(await cacheSize(thread)).toBe(-SERVER_SQLITE_CACHE_KB);
      expect(await cacheSize(bulk)).toBe(-16_000);
      // The setting holds for the connection's later statements, not only its first.
      expect(await server.user.count()).toBe(0);
      expect(await cacheSize(server)).toBe(-SERVER_SQLITE_CACHE_KB);
    } finally {
      await Promise.all([server.$disconnect(), thread.$disconnect(), bulk.$disconnect()]);
    }
  });
});
