// Issue 31, finding 1: a discharge.csv.gz that unpacks to far more than any data file (a gzip
// bomb) is refused during the import's first read, located at the file, with nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { bombRelease } from "./bomb-fixture";
import { sqlite, target } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-bomb-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a gzip bomb upload", () => {
  afterAll(() => sqlite.dropAll());

  it("is refused at the ratio cap with the file named, and nothing is written", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const outcome = await importDataset(db, null, bombRelease(dir));
    expect(outcome).toEqual({
      status: "invalid",
      total: 1,
      issues: [
        expect.objectContaining({
          file: "discharge.csv.gz",
          field: "(file)",
          code: "formats.unpackBomb",
          message: expect.stringMatching(/more than 100 times its compressed size/),
        }),
      ],
    });
    expect(await db.dataset.count()).toBe(0);
    expect(await db.note.count()).toBe(0);
    await db.$disconnect();
  });
});
