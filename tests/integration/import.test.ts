import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { exportEhrJsonBundle, exportedText, exportNotesJsonBundle, parseDataset } from "@/lib/formats";
import { importDataset, type ImportFile } from "@/lib/server/datasets/import-dataset";
import { APP_JOBS } from "@/lib/server/jobs/handlers";
import { loadDataset } from "@/lib/server/datasets/load-dataset";
import { DATABASES, target } from "./databases";

const FIXTURES = path.resolve("lib/formats/__fixtures__");
const text = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const file = (name: string, content: string): ImportFile => ({
  name,
  open: async function* () {
    yield content;
  },
});

async function tableCounts(db: ReturnType<typeof createDb>) {
  return {
    datasets: await db.dataset.count(),
    patients: await db.patient.count(),
    events: await db.ehrEvent.count(),
    notes: await db.note.count(),
    items: await db.item.count(),
  };
}

describe.each(DATABASES)("dataset import on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("imports, re-imports as a no-op, and round-trips the EHR bundle exactly", async () => {
    const db = await freshDb();
    const source = text("ehr-decision-mcq.example.json");
    const first = await importDataset(db, null, [file("bench.json", source)]);
    expect(first).toMatchObject({ status: "imported", version: 1, counts: { patients: 1, items: 1, events: 3 } });
    expect(await importDataset(db, null, [file("bench.json", source)])).toMatchObject({ status: "unchanged", version: 1 });
    expect((await tableCounts(db)).datasets).toBe(1);

    const loaded = await loadDataset(db, (first as { datasetId: string }).datasetId);
    const original = await parseDataset([{ name: "bench.json", chunks: source }]);
    expect(original.ok && loaded).toBeTruthy();
    if (!original.ok || !loaded) return;
    expect(loaded).toEqual(original.dataset);
    const exported = exportedText(exportEhrJsonBundle(loaded));
    const reparsed = await parseDataset([{ name: "again.json", chunks: exported }]);
    expect(reparsed.ok && reparsed.dataset).toEqual(original.dataset);
    await db.$disconnect();
  });

  it("keeps the import report with the version: the extra file ignored with its reason, and says it again on a re-import", async () => {
    const db = await freshDb();
    const files = [file("bench.json", text("ehr-decision-mcq.example.json")), file("README.md", "# how we built it\n")];
    const first = await importDataset(db, null, files);
    if (first.status !== "imported") throw new Error(first.status);
    const ignored = {
      name: "README.md",
      key: "content",
      reason: "neither its name nor its first record is that of a file of the ehr-decision-mcq-json layout",
      detail: { format: "ehr-decision-mcq-json" },
    };
    expect(first.report).toMatchObject({
      format: "ehr-decision-mcq-json",
      files: [{ name: "bench.json", readAs: "bundle", records: 2, notes: [], skipped: [] }],
      ignored: [ignored],
      totals: { patients: 1, items: 1, events: 3 },
    });
    const row = await db.dataset.findUniqueOrThrow({ where: { id: first.datasetId }, select: { importReport: true } });
    expect(row.importReport).toEqual(first.report);
    expect(await importDataset(db, null, files)).toMatchObject({ status: "unchanged", report: first.report });
    const trail = await db.auditEvent.findFirstOrThrow({ where: { action: "dataset.import" } });
    expect(JSON.stringify(trail.after)).toContain('"ignoredFiles":["README.md"]');
    await db.$disconnect();
  });

  it("the dataset-import job's output (what the job record keeps) carries the import report", async () => {
    const db = await freshDb();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-import-job-"));
    try {
      const files = [
        { name: "bench.json", text: text("ehr-decision-mcq.example.json") },
        { name: "notes.txt", text: "" },
      ].map(({ name, text }) => {
        fs.writeFileSync(path.join(dir, name), text);
        return { path: path.join(dir, name), name };
      });
      const output = await APP_JOBS["dataset-import"].handler({ actorId: null, files }, { jobId: "j1", db, progress: () => {} });
      expect(output).toMatchObject({
        status: "imported",
        report: { files: [{ name: "bench.json", readAs: "bundle" }], ignored: [{ name: "notes.txt", key: "empty" }] },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await db.$disconnect();
    }
  });

  it("a changed file becomes version 2 and leaves version 1 untouched", async () => {
    const db = await freshDb();
    const source = text("ehr-decision-mcq.example.json");
    const v1 = await importDataset(db, null, [file("bench.json", source)]);
    const changed = source.replace("Immediate delivery", "Immediate delivery by caesarean section");
    const v2 = await importDataset(db, null, [file("bench.json", changed)]);
    expect(v2).toMatchObject({ status: "imported", version: 2 });
    const items = await db.item.findMany({ orderBy: { dataset: { version: "asc" } }, select: { datasetId: true, data: true } });
    expect(items).toHaveLength(2);
    expect(JSON.stringify(items[0]!.data)).toContain('"Immediate delivery"');
    expect(items[0]!.datasetId).toBe((v1 as { datasetId: string }).datasetId);
    await db.$disconnect();
  });

  it("rejects invalid input with located issues and writes nothing", async () => {
    const db = await freshDb();
    const broken = text("ehr-decision-mcq.example.json")
      .replace('"answer": "B"', '"answer": "Z"')
      .replace('"event_type": "lab_test"', '"event_type": "lab"');
    const outcome = await importDataset(db, null, [file("broken.json", broken)]);
    expect(outcome.status).toBe("invalid");
    if (outcome.status !== "invalid") return;
    expect(outcome.total).toBeGreaterThanOrEqual(2);
    for (const issue of outcome.issues) expect(issue.file).toBe("broken.json");
    expect(outcome.issues.map((i) => i.field).join(" ")).toMatch(/answer/);
    expect(outcome.issues.map((i) => i.field).join(" ")).toMatch(/event_type/);
    expect(await tableCounts(db)).toEqual({ datasets: 0, patients: 0, events: 0, notes: 0, items: 0 });
    await db.$disconnect();
  });

  it("imports and round-trips the notes bundle", async () => {
    const db = await freshDb();
    const source = text("notes-chatqa.example.json");
    const outcome = await importDataset(db, null, [file("notes.json", source)]);
    expect(outcome).toMatchObject({ status: "imported", counts: { patients: 1, notes: 1, items: 1 } });
    const loaded = await loadDataset(db, (outcome as { datasetId: string }).datasetId);
    const original = await parseDataset([{ name: "notes.json", chunks: source }]);
    if (!original.ok || !loaded) throw new Error("parse failed");
    expect(loaded).toEqual(original.dataset);
    const reparsed = await parseDataset([{ name: "again.json", chunks: exportedText(exportNotesJsonBundle(loaded)) }]);
    expect(reparsed.ok && reparsed.dataset).toEqual(original.dataset);
    await db.$disconnect();
  });
});
