// A server thread's own database clients, one per database URL it is asked about (a server has
// one; a test run opens many in turn), the least recently opened closed past `kept`. On SQLite
// with the server's small page cache (SERVER_SQLITE_CACHE_KB): they read, and the file is in the
// system's page cache already.
import { createDb, type Db, SERVER_SQLITE_CACHE_KB } from "../../db/client";

export function threadDbClients(poolSize: number, kept = 4): (url: string) => Db {
  const clients = new Map<string, Db>();
  return (url) => {
    let db = clients.get(url);
    if (!db) {
      clients.set(url, (db = createDb(url, { poolSize, sqliteCacheKb: SERVER_SQLITE_CACHE_KB })));
      if (clients.size > kept) {
        const [oldest, client] = clients.entries().next().value!;
        clients.delete(oldest);
        void client.$disconnect();
      }
    }
    return db;
  };
}
