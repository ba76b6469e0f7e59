// Several app processes starting together on one empty database (two instances behind a
// load balancer, or a restart racing a start): the first-start setup must run once.
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { withSetupLock } from "@/lib/db/setup-lock";
import { bootstrap } from "@/lib/server/setup/bootstrap";
import { DEMO_USERS } from "@/lib/server/setup/demo-users";
import { DATABASES, target } from "./databases";

describe.each(DATABASES)("first-start setup on $name", (database) => {
  afterAll(() => database.dropAll());

  it("runs once when three instances start together (admin and demo data created once)", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    // One client per "instance", as separate processes would have.
    const clients = [createDb(url), createDb(url), createDb(url)];
    try {
      const results = await Promise.all(clients.map((db) => withSetupLock(target(url), () => bootstrap(db, { demo: true }))));
      expect(results.filter((r) => r.demoDataCreated)).toHaveLength(1);
      expect(results.reduce((n, r) => n + r.demoUsersCreated, 0)).toBe(DEMO_USERS.length);
      const db = clients[0]!;
      expect(await db.user.count()).toBe(DEMO_USERS.length);
      expect(await db.dataset.count()).toBe(3);
      expect(await db.audit.count()).toBe(2);
    } finally {
      await Promise.all(clients.map((db) => db.$disconnect()));
    }
  }, 180_000);

  it("creates one generated admin when instances race without demo data", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const clients = [createDb(url), createDb(url)];
    try {
      const results = await Promise.all(clients.map((db) => withSetupLock(target(url), () => bootstrap(db, { demo: false }))));
      expect(results.filter((r) => r.createdAdmin)).toHaveLength(1);
      expect(await clients[0]!.user.count({ where: { role: "ADMIN" } })).toBe(1);
    } finally {
      await Promise.all(clients.map((db) => db.$disconnect()));
    }
  });
});
