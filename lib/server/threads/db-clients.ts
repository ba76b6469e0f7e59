// A server thread's own database clients, one per database URL it is asked about (a server has
// one; a test run opens many in turn), the least recently opened closed past `kept`.
import { createDb, type Db } from "../../db/client";

export function threadDbClients(poolSize: number, kept = 4): (url: string) => Db {
  const clients = new Map<string, Db>();
  return (url) => {
    let db = clients.get(url);
    if (!db) {
      clients.set(url, (db = createDb(url, { poolSize })));
      if (clients.size > kept) {
        const [oldest, client] = clients.entries().next().value!;
        clients.delete(oldest);
        void client.$disconnect();
      }
    }
    return db;
  };
}
