// A dataset with synthetic model predictions, an organizer and two raters: the world of the
// model-guided sampling and triage tests (issue #34), on either engine.
import type { Db } from "@/lib/db/client";
import { evalDatasetFromFiles } from "@/lib/evaluation/eval-dataset";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { generateEhrBundle } from "@/lib/synth";
import { syntheticPredictionsCsv } from "@/lib/synth/predictions";
import { importBenchmark, seedUsers } from "@/tests/support/world";

const BENCHMARK = JSON.stringify(generateEhrBundle({ seed: "model-guided", size: "demo" }).bundle);

export async function world(db: Db) {
  const datasetId = await importBenchmark(db, BENCHMARK);
  const loaded = await evalDatasetFromFiles([{ name: "b.json", open: () => [BENCHMARK] }]);
  if (!loaded.ok) throw new Error("bad fixture");
  const csv = syntheticPredictionsCsv(loaded.dataset, { seed: "model-guided" });
  const set = await importPredictions(db, null, { datasetId, fileName: "run.csv", bytes: new TextEncoder().encode(csv) });
  if (set.status !== "imported") throw new Error("predictions import failed");
  const { organizer, raters } = await seedUsers(db, ["a", "b"]);
  return { datasetId, setId: set.setId, organizer: organizer.id, raters: raters.map((r) => r.id), models: set.models };
}

/** The world's dataset and accounts, for drawAudit. */
export const team = (w: Awaited<ReturnType<typeof world>>) => ({ datasetId: w.datasetId, organizerId: w.organizer, raterIds: w.raters });
