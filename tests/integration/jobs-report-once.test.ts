// Two app processes asking for the same evaluation report at once, with a worker each: the
// report is computed once (pg-boss singleton policy per set and options; the second job finds
// it stored) and both get the same bytes.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { evalDatasetFromFiles } from "@/lib/evaluation/eval-dataset";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { evaluationFor } from "@/lib/server/evaluations/report";
import { startWorker } from "@/lib/server/jobs/worker";
import type { JobQueue } from "@/lib/server/jobs/types";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { syntheticPredictionsCsv } from "@/lib/synth/predictions";
import { postgres, target } from "./databases";

const enabled = Boolean(process.env.TEST_POSTGRES_URL);
const ehrText = JSON.stringify(generateEhrBundle({ seed: "report-once", size: "demo", patients: 8 }).bundle);

describe.runIf(enabled)("evaluation report jobs on PostgreSQL", () => {
  const workers: JobQueue[] = [];
  const clients: ReturnType<typeof createDb>[] = [];
  afterAll(async () => {
    for (const w of workers) await w.stop();
    for (const c of clients) await c.$disconnect();
    await postgres.dropAll();
  });

  it("computes a report asked for by two instances at once exactly once", async () => {
    const url = await postgres.create();
    await applyMigrations(target(url));
    const [a, b] = [createDb(url), createDb(url)];
    clients.push(a, b);
    for (const db of [a, b]) workers.push((await startWorker(url, { db, pollingIntervalSeconds: 0.5 }))!);
    const dataset = await importDataset(a, null, [
      {
        name: "ehr.json",
        open: async function* () {
          yield ehrText;
        },
      },
    ]);
    if (dataset.status !== "imported") throw new Error("dataset import failed");
    const loaded = await evalDatasetFromFiles([{ name: "ehr.json", open: () => [ehrText] }]);
    if (!loaded.ok) throw new Error("bad fixture");
    const csv = syntheticPredictionsCsv(loaded.dataset, { seed: "once" });
    const set = await importPredictions(a, null, {
      datasetId: dataset.datasetId,
      fileName: "run.csv",
      bytes: new TextEncoder().encode(csv),
    });
    if (set.status !== "imported") throw new Error("prediction import failed");

    const [ra, rb] = await Promise.all([
      evaluationFor(a, set.setId, { replicates: 300 }),
      evaluationFor(b, set.setId, { replicates: 300 }),
    ]);
    expect(ra!.json).toBe(rb!.json);
    expect(await a.evaluationReport.count()).toBe(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const outputs = (await client.query(`SELECT output FROM pgboss.job WHERE name = 'evaluation-report' AND state = 'completed'`)).rows.map(
      (r) => r.output as { cached: boolean },
    );
    await client.end();
    expect(outputs.filter((o) => !o.cached)).toHaveLength(1);
  }, 120_000);
});
