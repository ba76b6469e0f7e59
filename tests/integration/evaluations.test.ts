import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { evalDatasetFromFiles } from "@/lib/evaluation/eval-dataset";
import { evaluationJson } from "@/lib/evaluation/export-json";
import { parsePredictions, predictionsChecksum } from "@/lib/evaluation/predictions";
import { buildEvaluationReport } from "@/lib/evaluation/report";
import { chatQaAnswersCsv, chatQaRelease } from "@/lib/evaluation/__fixtures__/benchmark-files";
import { replySource } from "@/lib/evaluation/reply-files";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { evaluationFor } from "@/lib/server/evaluations/report";
import { startWorker } from "@/lib/server/jobs/worker";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { generateNotesBundle } from "@/lib/synth/notes/generate";
import { syntheticPredictionsCsv } from "@/lib/synth/predictions";
import { DATABASES, target } from "./databases";

// Prediction import and the stored report, on SQLite and PostgreSQL: all or nothing, a no-op
// for the same file, and a report equal, byte for byte, to the one computed from the files.
const ehrText = JSON.stringify(generateEhrBundle({ seed: "eval-it", size: "demo", patients: 8 }).bundle);
const notesText = JSON.stringify(generateNotesBundle({ seed: "eval-it", size: "demo", patients: 3 }).bundle);
const reopenable = (name: string, content: string) => ({ name, open: () => [content] });
const bytes = (s: string) => new TextEncoder().encode(s);

/** What `clinaudit evaluate` computes from the files, without any database. */
async function fromFiles(name: string, content: string, predictions: string, replicates: number): Promise<string> {
  const loaded = await evalDatasetFromFiles([reopenable(name, content)]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  const parsed = await parsePredictions({ name: "p.csv", chunks: [predictions] }, loaded.dataset);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return evaluationJson(
    buildEvaluationReport(loaded.dataset, { checksum: predictionsChecksum(bytes(predictions)), ...parsed.predictions }, { replicates }),
  );
}

async function counts(db: ReturnType<typeof createDb>) {
  return {
    sets: await db.predictionSet.count(),
    predictions: await db.prediction.count(),
    reports: await db.evaluationReport.count(),
    events: await db.auditEvent.count(),
  };
}

describe.each(DATABASES)("model evaluations on $name", (database) => {
  // PostgreSQL: reports are computed by a job worker (npm start runs one beside the server).
  const workers: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await database.dropAll();
  });
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const worker = await startWorker(url, { db, pollingIntervalSeconds: 0.5 });
    if (worker) workers.push(worker);
    return db;
  }

  it("imports predictions once, and stores a report identical to the one from the files", async () => {
    const db = await freshDb();
    const dataset = await importDataset(db, null, [
      {
        name: "ehr.json",
        open: async function* () {
          yield ehrText;
        },
      },
    ]);
    if (dataset.status !== "imported") throw new Error("dataset import failed");
    const loaded = await evalDatasetFromFiles([reopenable("ehr.json", ehrText)]);
    if (!loaded.ok) throw new Error("bad fixture");
    const csv = syntheticPredictionsCsv(loaded.dataset, { seed: "it" });
    const upload = { datasetId: dataset.datasetId, fileName: "run-1.csv", bytes: bytes(csv) };

    const first = await importPredictions(db, null, upload);
    expect(first).toMatchObject({ status: "imported", name: "run-1", models: ["Synthetic-L", "Synthetic-M", "Synthetic-S"] });
    if (first.status !== "imported") return;
    expect(first.rows).toBe(3 * 5 * loaded.dataset.items.length);
    expect(await importPredictions(db, null, { ...upload, fileName: "renamed.csv" })).toEqual({
      status: "unchanged",
      setId: first.setId,
      name: "run-1",
    });
    expect(await counts(db)).toMatchObject({ sets: 1, predictions: first.rows });
    const trail = await db.auditEvent.findMany({ where: { action: "evaluation.import" } });
    expect(trail).toHaveLength(1);
    expect(trail[0]!.entityId).toBe(first.setId);

    const computed = await evaluationFor(db, first.setId, { replicates: 300 });
    expect(computed!.json).toBe(await fromFiles("ehr.json", ehrText, csv, 300));
    expect(computed!.cached).toBe(false);
    // Computed once by the job (on PostgreSQL a worker), kept under the engine's key, served again.
    const again = await evaluationFor(db, first.setId, { replicates: 300 });
    expect(again).toMatchObject({ cached: true, json: computed!.json });
    expect(await db.evaluationReport.count()).toBe(1);
    expect(again!.report).toEqual(computed!.report);
    expect(await evaluationFor(db, "no-such-set", {})).toBeNull();
    await expect(evaluationFor(db, first.setId, { baseline: "Nope" })).rejects.toThrow(/baseline "Nope"/);
    await db.$disconnect();
  });

  it("scores conversations by turn the same way from the database and from the files", async () => {
    const db = await freshDb();
    const dataset = await importDataset(db, null, [
      {
        name: "notes.json",
        open: async function* () {
          yield notesText;
        },
      },
    ]);
    if (dataset.status !== "imported") throw new Error("dataset import failed");
    const loaded = await evalDatasetFromFiles([reopenable("notes.json", notesText)]);
    if (!loaded.ok) throw new Error("bad fixture");
    const csv = syntheticPredictionsCsv(loaded.dataset, { seed: "it" });
    const imported = await importPredictions(db, null, { datasetId: dataset.datasetId, fileName: "notes-run.csv", bytes: bytes(csv) });
    if (imported.status !== "imported") throw new Error(JSON.stringify(imported));
    const computed = await evaluationFor(db, imported.setId, { replicates: 200 });
    expect(computed!.report.kind).toBe("conversations");
    expect(computed!.json).toBe(await fromFiles("notes.json", notesText, csv, 200));
    await db.$disconnect();
  });

  it("imports a benchmark's answers_<model>.csv: unparseable replies stored, listed and scored like the files", async () => {
    const db = await freshDb();
    const release = chatQaRelease();
    const files = Object.entries(release).map(([name, text]) => reopenable(name, text));
    const dataset = await importDataset(db, null, files);
    if (dataset.status !== "imported") throw new Error("dataset import failed");
    const answers = chatQaAnswersCsv();
    const outcome = await importPredictions(db, null, {
      datasetId: dataset.datasetId,
      fileName: "answers_Qwen2.5-7B.csv",
      bytes: bytes(answers),
    });
    expect(outcome).toMatchObject({ status: "imported", models: ["Qwen2.5-7B"], scopes: ["all notes"], rows: 16 });
    if (outcome.status !== "imported") return;
    const computed = await evaluationFor(db, outcome.setId, { replicates: 200 });
    expect(computed?.report.replies?.entries[0]).toMatchObject({ replies: 16, unparseable: 4 });
    const loaded = await evalDatasetFromFiles(files);
    if (!loaded.ok) throw new Error("bad fixture");
    const parsed = await parsePredictions({ name: "answers_Qwen2.5-7B.csv", chunks: [answers] }, loaded.dataset);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const replies = replySource(parsed.predictions.format, "answers_Qwen2.5-7B.csv", parsed.predictions.models);
    const expected = evaluationJson(
      buildEvaluationReport(
        loaded.dataset,
        { checksum: predictionsChecksum(bytes(answers)), ...parsed.predictions, ...(replies && { replies }) },
        { replicates: 200 },
      ),
    );
    expect(computed?.json).toBe(expected);
  });

  it("rejects a file with problems, located, and leaves the database as it was", async () => {
    const db = await freshDb();
    const dataset = await importDataset(db, null, [
      {
        name: "ehr.json",
        open: async function* () {
          yield ehrText;
        },
      },
    ]);
    if (dataset.status !== "imported") throw new Error("dataset import failed");
    const before = await counts(db);
    const csv = "model,scope,item_id,prediction\nm,s,NOT-AN-ITEM,A\nm,s,,A\n";
    const outcome = await importPredictions(db, null, { datasetId: dataset.datasetId, fileName: "bad.csv", bytes: bytes(csv) });
    expect(outcome).toEqual({
      status: "invalid",
      total: 2,
      issues: [
        expect.objectContaining({
          file: "bad.csv",
          line: 2,
          record: 1,
          field: "item_id",
          message: 'unknown item "NOT-AN-ITEM": not in this dataset',
        }),
        expect.objectContaining({ file: "bad.csv", line: 3, record: 2, field: "item_id", message: "required field is missing" }),
      ],
    });
    expect(await counts(db)).toEqual(before);
    expect(await importPredictions(db, null, { datasetId: "missing", fileName: "x.csv", bytes: bytes(csv) })).toEqual({
      status: "no-dataset",
    });
    await db.$disconnect();
  });
});
