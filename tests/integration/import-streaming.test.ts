import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { exportChatQaCsv, exportedText, parseDataset, type McqItem, type NormalizedDataset } from "@/lib/formats";
import { importDataset, type ImportFile } from "@/lib/server/datasets/import-dataset";
import { loadDataset } from "@/lib/server/datasets/load-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { toInstant } from "@/lib/server/datasets/rows";
import { generateEhr, generateNotesBundle } from "@/lib/synth";
import { DATABASES, target } from "./databases";

// The streamed import (validate pass, then records written as they are read) on a dataset
// large enough to span many batches: 40 generated patients, ~10k events, as JSONL files.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-stream-"));
const PATIENTS = path.join(dir, "patients.jsonl");
const INSTANCES = path.join(dir, "instances.jsonl");
let source: NormalizedDataset;
let lines: string[];

beforeAll(async () => {
  lines = [];
  const instances: string[] = [];
  for (const rec of generateEhr({ seed: "streaming-test", size: "full", patients: 40 })) {
    lines.push(JSON.stringify(rec.patient));
    instances.push(...rec.instances.map((i) => JSON.stringify(i)));
  }
  fs.writeFileSync(PATIENTS, `${lines.join("\n")}\n`);
  fs.writeFileSync(INSTANCES, `${instances.join("\n")}\n`);
  const parsed = await parseDataset([PATIENTS, INSTANCES].map((f) => ({ name: path.basename(f), chunks: fs.readFileSync(f, "utf8") })));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues.slice(0, 3)));
  source = parsed.dataset;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function tableCounts(db: ReturnType<typeof createDb>) {
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

const EMPTY = { datasets: 0, patients: 0, events: 0, notes: 0, items: 0, trail: 0 };

describe.each(DATABASES)("streamed import on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("imports every row, and what Prisma reads back equals the source", async () => {
    const db = await freshDb();
    const phases = new Set<string>();
    const outcome = await importDataset(db, null, [openFile(PATIENTS), openFile(INSTANCES)], {
      onProgress: (p) => phases.add("phase" in p ? p.phase : "reading"),
    });
    const events = source.patients.reduce((n, p) => n + (p.events?.length ?? 0), 0);
    expect(outcome).toMatchObject({
      status: "imported",
      version: 1,
      counts: { patients: 40, events, notes: 0, items: source.items.length },
    });
    expect(phases).toEqual(new Set(["reading", "writing"]));
    expect(await tableCounts(db)).toEqual({ datasets: 1, patients: 40, events, notes: 0, items: source.items.length, trail: 1 });

    const loaded = await loadDataset(db, (outcome as { datasetId: string }).datasetId);
    expect(loaded?.format).toBe("ehr-decision-mcq-jsonl");
    for (const k of [0, 17, 39]) expect(loaded?.patients[k]).toEqual(source.patients[k]);
    expect(loaded?.items).toEqual(source.items);

    // DateTime columns are written raw: Prisma must read them back as the same instants
    // and compare them correctly in filters (the review screen's cutoff rule relies on it).
    const patient = source.patients[17]!;
    const item = source.items.find((i) => i.patientId === patient.patientId) as McqItem;
    const rows = await db.ehrEvent.findMany({
      where: { patient: { externalId: patient.patientId } },
      orderBy: { position: "asc" },
      select: { time: true },
    });
    expect(rows.map((r) => r.time)).toEqual(patient.events!.map((e) => toInstant(e.time)));
    const cutoff = toInstant(item.cutoff.time);
    const before = await db.ehrEvent.count({ where: { patient: { externalId: patient.patientId }, time: { lte: cutoff } } });
    expect(before).toBe(patient.events!.filter((e) => toInstant(e.time) <= cutoff).length);
    const stored = await db.item.findFirst({ where: { externalId: item.instanceId }, select: { cutoffTime: true } });
    expect(stored?.cutoffTime).toEqual(cutoff);

    expect(await importDataset(db, null, [openFile(PATIENTS), openFile(INSTANCES)])).toMatchObject({ status: "unchanged" });
    await db.$disconnect();
  });

  it("imports the notes family from the release CSVs (notes streamed as rows of their own)", async () => {
    const db = await freshDb();
    const bundle = await parseDataset([
      { name: "notes.json", chunks: JSON.stringify(generateNotesBundle({ seed: "streaming-test", size: "demo" }).bundle) },
    ]);
    if (!bundle.ok) throw new Error("generated notes bundle is invalid");
    const texts = exportChatQaCsv(bundle.dataset).map((f) => ({ name: f.name, text: exportedText(f) }));
    const outcome = await importDataset(
      db,
      null,
      texts.map(({ name, text }) => ({ name, open: () => chunks(text) })),
    );
    expect(outcome).toMatchObject({ status: "imported", counts: { patients: 12, events: 0 } });
    const parsed = await parseDataset(texts.map(({ name, text }) => ({ name, chunks: text })));
    if (!parsed.ok) throw new Error("exported CSVs are invalid");
    expect(await loadDataset(db, (outcome as { datasetId: string }).datasetId)).toEqual(parsed.dataset);
    await db.$disconnect();
  });

  it("rejects the whole import for one invalid record at the end of the large file, writing nothing", async () => {
    const db = await freshDb();
    const broken = JSON.parse(lines[lines.length - 1]!);
    broken.events[broken.events.length - 1].time = "2031-02-30T09:00:00";
    const text = `${[...lines.slice(0, -1), JSON.stringify(broken)].join("\n")}\n`;
    const outcome = await importDataset(db, null, [{ name: "patients.jsonl", open: () => chunks(text) }, openFile(INSTANCES)]);
    expect(outcome.status).toBe("invalid");
    if (outcome.status !== "invalid") return;
    expect(outcome.issues).toEqual([
      {
        file: "patients.jsonl",
        line: 40,
        record: 40,
        field: `events[${broken.events.length - 1}].time`,
        code: "formats.malformedDateTime",
        values: { got: '"2031-02-30T09:00:00"' },
        message: 'malformed ISO 8601 date-time: "2031-02-30T09:00:00"',
      },
    ]);
    expect(await tableCounts(db)).toEqual(EMPTY);
    await db.$disconnect();
  });

  it("rolls everything back when a file changes between validation and writing", async () => {
    const db = await freshDb();
    const text = fs.readFileSync(PATIENTS, "utf8");
    // Still valid, but not the bytes that were validated (one event name edited).
    const changed = text.replace(/"name":"./, '"name":"#');
    expect(changed).not.toBe(text);
    let opened = 0;
    const file: ImportFile = { name: "patients.jsonl", open: () => chunks(++opened >= 3 ? changed : text) };
    const outcome = await importDataset(db, null, [file, openFile(INSTANCES)]);
    expect(outcome).toMatchObject({ status: "invalid", total: 1, issues: [{ file: "patients.jsonl", field: "(file)" }] });
    expect((outcome as { issues: { message: string }[] }).issues[0]!.message).toMatch(/changed after it was validated/);
    expect(opened).toBe(3); // checksum, validation, writing
    expect(await tableCounts(db)).toEqual(EMPTY);
    await db.$disconnect();
  });

  it.each([
    ["validation", 2, /changed after it was checksummed/],
    ["writing", 3, /changed after it was validated/],
  ])("rejects a file on disk that is rewritten before %s, writing nothing", async (_, pass, message) => {
    const db = await freshDb();
    const copy = path.join(dir, `patients-${pass}.jsonl`);
    fs.copyFileSync(PATIENTS, copy);
    const disk = openFile(copy, "patients.jsonl");
    let opened = 0;
    // Read as bytes (valid UTF-8); rewritten in place, still valid, just before the given read.
    const file: ImportFile = {
      ...disk,
      openBytes: () => {
        if (++opened === pass) fs.writeFileSync(copy, fs.readFileSync(copy, "utf8").replace(/"name":"./, '"name":"#'));
        return disk.openBytes!();
      },
    };
    const outcome = await importDataset(db, null, [file, openFile(INSTANCES)]);
    expect(outcome).toMatchObject({ status: "invalid", total: 1, issues: [{ file: "patients.jsonl", field: "(file)" }] });
    expect((outcome as { issues: { message: string }[] }).issues[0]!.message).toMatch(message);
    expect(opened).toBe(pass);
    expect(await tableCounts(db)).toEqual(EMPTY);
    await db.$disconnect();
  });
});

/** The text in 64 KiB chunks, like a file stream. */
async function* chunks(text: string): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += 1 << 16) yield text.slice(i, i + (1 << 16));
}
