// Discharge-summary benchmarks as their authors ship them, imported through the files on disk
// (openFile: a .gz is inflated as it streams) on SQLite and PostgreSQL: notes, their sections,
// and data-quality findings stored with the dataset; strict mode writes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { chatQaRelease, dischargeCsv, ehrNoteQaProcessed, ehrNoteQaRaw } from "@/lib/formats/__fixtures__/notes-release";
import { datasetFindings, itemFindings } from "@/lib/server/datasets/findings";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { DATABASES, target } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-findings-"));
function onDisk(files: Record<string, string | Uint8Array>) {
  const sub = fs.mkdtempSync(path.join(dir, "f-"));
  return Object.entries(files).map(([name, content]) => {
    fs.writeFileSync(path.join(sub, name), content);
    return openFile(path.join(sub, name));
  });
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(DATABASES)("discharge-summary benchmarks as released, on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("EHRNote-ChatQA release: empty provenance, notes with sections, findings tied to their items; strict refuses", async () => {
    const db = await freshDb();
    const strict = await importDataset(db, null, onDisk(chatQaRelease()), { strict: true });
    expect(strict).toMatchObject({ status: "invalid", total: 3 });
    expect(await db.dataset.count()).toBe(0);

    const r = await importDataset(db, null, onDisk(chatQaRelease()), { name: "chatqa" });
    expect(r).toMatchObject({
      status: "imported",
      counts: { patients: 2, notes: 3, items: 2 },
      findings: { total: 3, byKind: { duplicate_option: 1, empty_question: 1, missing_section: 1 } },
    });
    if (r.status !== "imported") return;
    const note = await db.note.findFirstOrThrow({ where: { patient: { externalId: "900001" }, noteNum: 1 } });
    const data = note.data as { noteId?: string; noteSeq?: number; sections: { title: string }[] };
    expect(data.noteId).toBeUndefined();
    expect(data.noteSeq).toBeUndefined();
    expect(data.sections.map((s) => s.title)).toEqual(["Chief Complaint", "Brief Hospital Course", "Discharge Medications"]);

    const listed = await datasetFindings(db, r.datasetId);
    expect(listed.total).toBe(3);
    expect(listed.rows.map((f) => [f.kind, f.location, f.field, f.item?.externalId])).toEqual([
      ["duplicate_option", "questions.csv:6", "option_e", "900002:medication"],
      ["empty_question", "questions.csv:8", "question", "900002:medication"],
      ["missing_section", "questions.csv:9", "option_a", "900002:medication"],
    ]);
    expect(listed.rows[0]!.detail).toMatchObject({ labels: ["A", "E"], gold: true });
    const item = await db.item.findFirstOrThrow({ where: { datasetId: r.datasetId, externalId: "900002:medication" } });
    expect(await itemFindings(db, r.datasetId, item.id)).toHaveLength(3);
    const clean = await db.item.findFirstOrThrow({ where: { datasetId: r.datasetId, externalId: "900001:microbiology" } });
    expect(await itemFindings(db, r.datasetId, clean.id)).toEqual([]);
    await db.$disconnect();
  });

  it("EHRNoteQA: preprocessed note_1…note_n, raw + discharge.csv.gz (streamed), raw alone with a warning", async () => {
    const db = await freshDb();
    const processed = await importDataset(db, null, onDisk({ "EHRNoteQA_processed.jsonl": ehrNoteQaProcessed() }), { name: "processed" });
    expect(processed).toMatchObject({ status: "imported", counts: { patients: 2, notes: 4, items: 2 } });
    const joined = await importDataset(
      db,
      null,
      onDisk({ "EHRNoteQA.jsonl": ehrNoteQaRaw(), "discharge.csv.gz": gzipSync(dischargeCsv()) }),
      { name: "joined" },
    );
    expect(joined).toMatchObject({
      status: "imported",
      counts: { patients: 2, notes: 4, items: 2 },
      findings: { byKind: { num_notes_mismatch: 1, duplicate_option: 1 } },
    });
    if (processed.status !== "imported" || joined.status !== "imported") return;
    const texts = async (datasetId: string) =>
      (await db.note.findMany({ where: { patient: { datasetId } }, orderBy: [{ patient: { position: "asc" } }, { noteNum: "asc" }] })).map(
        (n) => [n.noteNum, n.chartdate, n.text],
      );
    expect(await texts(joined.datasetId)).toEqual(await texts(processed.datasetId));

    const raw = await importDataset(db, null, onDisk({ "EHRNoteQA.jsonl": ehrNoteQaRaw() }), { name: "raw" });
    expect(raw).toMatchObject({ status: "imported", counts: { notes: 0 }, findings: { byKind: { no_note_text: 1 } } });
    if (raw.status !== "imported") return;
    const warning = (await datasetFindings(db, raw.datasetId, { kind: "no_note_text" })).rows;
    expect(warning).toMatchObject([{ location: "EHRNoteQA.jsonl", item: null }]);

    const broken = await importDataset(
      db,
      null,
      onDisk({ "EHRNoteQA.jsonl": ehrNoteQaRaw(), "discharge.csv.gz": Buffer.from("not gzip at all") }),
    );
    expect(broken).toMatchObject({
      status: "invalid",
      issues: [{ file: "discharge.csv.gz", field: "(file)", message: expect.stringMatching(/^not a readable gzip file/) }],
    });
    expect(await db.dataset.count()).toBe(3);
    await db.$disconnect();
  });
});
