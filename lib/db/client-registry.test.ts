// Next bundles lib/db/client.ts into several chunks; the process-wide client made by one copy is
// used by the others (the evaluation page failed with "clientUrl: this client was not made by
// createDb"). Two fresh module instances stand in for two chunks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-registry-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("db client registry", () => {
  it("a client made by one copy of the module is known to another copy", async () => {
    vi.resetModules();
    const first = await import("./client");
    const url = `file:${path.join(dir, "a.db")}`;
    const db = first.createDb(url);
    vi.resetModules();
    const second = await import("./client");
    expect(second).not.toBe(first);
    expect(second.clientUrl(db)).toBe(url);
    await db.$disconnect();
  });

  it("a client derived by $extends is known as the client it came from", async () => {
    const { createDb, clientUrl, derivedClient } = await import("./client");
    const url = `file:${path.join(dir, "b.db")}`;
    const db = createDb(url);
    const counted = db.$extends({ query: { $allModels: { $allOperations: ({ args, query }) => query(args) } } });
    expect(() => clientUrl(counted as never)).toThrow(/not made by createDb/);
    expect(clientUrl(derivedClient(counted, db) as never)).toBe(url);
    await db.$disconnect();
  });
});
