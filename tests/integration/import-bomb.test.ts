// Issue 31, finding 1: a discharge.csv.gz that unpacks to far more than any data file (a gzip
// bomb) is refused during the import's first read, located at the file, with nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { ehrNoteQaRaw } from "@/lib/formats/__fixtures__/notes-release";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { sqlite, target } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-bomb-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a gzip bomb upload", () => {
  afterAll(() => sqlite.dropAll());

  it("is refused at the ratio cap with the file named, and nothing is written", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const questions = path.join(dir, "EHRNoteQA.jsonl");
    fs.writeFileSync(questions, ehrNoteQaRaw());
    // One patient's row again and again: 48 MiB from ~150 KB, as the 3.1 GB one was 1.5 M rows of one patient.
    const row = '700001-DS-1,700001,600001,DS,1,2160-01-15 00:00:00,,"Chief Complaint:\nleg swelling"\n';
    const header = "note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text\n";
    const bomb = path.join(dir, "discharge.csv.gz");
    fs.writeFileSync(bomb, gzipSync(Buffer.from(header + row.repeat((48 << 20) / row.length))));
    const caps = { maxBytes: 1 << 30, ratio: 100, floor: 1 << 20 };
    const outcome = await importDataset(db, null, [openFile(questions), openFile(bomb, "discharge.csv.gz", caps)]);
    expect(outcome).toEqual({
      status: "invalid",
      total: 1,
      issues: [{ file: "discharge.csv.gz", field: "(file)", message: expect.stringMatching(/more than 100 times its compressed size/) }],
    });
    expect(await db.dataset.count()).toBe(0);
    expect(await db.note.count()).toBe(0);
    await db.$disconnect();
  });
});
