// Issue 31, finding 9: a save that meets another process's write transaction on SQLite waits for
// it (busy timeout) instead of being refused at once (0.2 s, P1008) with a generic error.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DbOptions } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { isDatabaseBusy } from "@/lib/db/transient";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveRating } from "@/lib/server/review/save-rating";
import { sqlite, target } from "./databases";
import { world } from "./review-world";

/** Takes the write lock, changes a row, holds it for argv[3] ms, commits. */
const HOLDER = `
const Database = require("better-sqlite3");
const [file, id, ms] = process.argv.slice(1);
const db = new Database(file);
db.prepare("BEGIN IMMEDIATE").run();
db.prepare("UPDATE User SET name = 'renamed' WHERE id = ?").run(id);
process.stdout.write("locked");
setTimeout(() => { db.prepare("COMMIT").run(); db.close(); }, Number(ms));
`;

/** An open audit, a client with `options`, and another process holding the write lock for `holdMs`. */
async function busyWorld(holdMs: number, options: DbOptions = {}) {
  const url = await sqlite.create();
  await applyMigrations(target(url));
  const setup = createDb(url);
  const { organizer, clinicians, audit } = await world(setup);
  await setAuditStatus(setup, organizer.id, audit.id, "open");
  const rater = clinicians[0]!;
  const assignmentId = (await reviewQueue(setup, rater.id))[0]!.items[0]!.assignmentId;
  await setup.$disconnect();
  // Another process: better-sqlite3 waits synchronously, so the holder cannot be this one.
  const { file } = target(url) as { file: string };
  const holder = spawn(process.execPath, ["-e", HOLDER, file, organizer.id, String(holdMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [locked] = (await once(holder.stdout!, "data")) as [Buffer];
  expect(locked.toString()).toBe("locked");
  const db = createDb(url, options);
  const save = () => saveRating(db, rater.id, { assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 });
  return { db, holder, save, organizer };
}

describe("a save meets a busy SQLite writer", () => {
  afterAll(() => sqlite.dropAll());

  it("waits for another process's write transaction (~1 s) and then saves", async () => {
    const { db, holder, save, organizer } = await busyWorld(1000);
    const started = Date.now();
    const outcome = await save();
    const waited = Date.now() - started;
    expect((await once(holder, "exit"))[0]).toBe(0);
    expect(outcome).toMatchObject({ version: 1 });
    expect(waited).toBeGreaterThanOrEqual(700);
    expect((await db.user.findUniqueOrThrow({ where: { id: organizer.id } })).name).toBe("renamed");
    await db.$disconnect();
  });

  it("past the busy timeout the save fails as busy (the try-again message), nothing written", async () => {
    const { db, holder, save } = await busyWorld(1500, { sqliteBusyTimeoutMs: 200 });
    const failed = await save().catch((error: unknown) => error);
    expect(isDatabaseBusy(failed)).toBe(true);
    await once(holder, "exit");
    expect(await db.rating.count()).toBe(0);
    await db.$disconnect();
  });
});
