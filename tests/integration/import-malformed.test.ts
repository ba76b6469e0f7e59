// A sample of the malformed-input property cases (lib/formats/malformed-inputs.test.ts) through
// the real importDataset, from files on disk (so invalid UTF-8 goes through the real decoder):
// each is refused with located issues and no table changes by a single row.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { ehrBase } from "@/lib/formats/__fixtures__/malformed/bases";
import { complaints, describeFailure } from "@/lib/formats/__fixtures__/malformed/check";
import { buildCase, FORMATS } from "@/lib/formats/__fixtures__/malformed/formats";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { DATABASES, target } from "./databases";

const RUNS = 50;

async function rowCounts(db: Db) {
  const [datasets, patients, events, notes, items, trail] = await Promise.all([
    db.dataset.count(),
    db.patient.count(),
    db.ehrEvent.count(),
    db.note.count(),
    db.item.count(),
    db.auditEvent.count(),
  ]);
  return { datasets, patients, events, notes, items, trail };
}

describe.each(DATABASES)("malformed imports on $name", (database) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-malformed-"));
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await database.dropAll();
  });

  it(`${RUNS} random malformed uploads change nothing`, { timeout: 180_000 }, async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    // A dataset already there, so "unchanged" is not just "still empty".
    const { header, patients, instances } = ehrBase(0);
    fs.writeFileSync(path.join(dir, "valid.json"), JSON.stringify({ ...header, patients, instances }));
    expect(await importDataset(db, null, [openFile(path.join(dir, "valid.json"))])).toMatchObject({ status: "imported" });
    const before = await rowCounts(db);
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(FORMATS)), fc.gen(), async (format, g) => {
        const c = buildCase(format, g);
        fc.pre(c !== undefined);
        const folder = path.join(dir, `case-${run++}`);
        fs.mkdirSync(folder);
        const files = Object.entries(c!.files).map(([name, data]) => {
          fs.writeFileSync(path.join(folder, name), data);
          return openFile(path.join(folder, name));
        });
        const outcome = await importDataset(db, null, files);
        const issues = outcome.status === "invalid" ? outcome.issues : [];
        const problems = complaints(c!, issues);
        if (problems.length > 0) throw new Error(describeFailure(c!, problems, issues));
        expect(await rowCounts(db)).toEqual(before);
      }),
      { numRuns: RUNS, maxSkipsPerRun: 10 },
    );
    await db.$disconnect();
  });
});
