// A dataset with synthetic model predictions, an organizer and two raters: the world of the
// model-guided sampling and triage tests (issue #34), on either engine.
import type { Db } from "@/lib/db/client";
import { evalDatasetFromFiles } from "@/lib/evaluation/eval-dataset";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { createUser } from "@/lib/server/users/create-user";
import { generateEhrBundle } from "@/lib/synth";
import { syntheticPredictionsCsv } from "@/lib/synth/predictions";

const BENCHMARK = JSON.stringify(generateEhrBundle({ seed: "model-guided", size: "demo" }).bundle);

export async function world(db: Db) {
  const imported = await importDataset(db, null, [
    {
      name: "b.json",
      open: async function* () {
        yield BENCHMARK;
      },
    },
  ]);
  if (imported.status !== "imported") throw new Error("import failed");
  const loaded = await evalDatasetFromFiles([{ name: "b.json", open: () => [BENCHMARK] }]);
  if (!loaded.ok) throw new Error("bad fixture");
  const csv = syntheticPredictionsCsv(loaded.dataset, { seed: "model-guided" });
  const set = await importPredictions(db, null, {
    datasetId: imported.datasetId,
    fileName: "run.csv",
    bytes: new TextEncoder().encode(csv),
  });
  if (set.status !== "imported") throw new Error("predictions import failed");
  const mk = (email: string, role: "ORGANIZER" | "CLINICIAN") =>
    createUser(db, null, { email, name: email, role, password: "long-enough-password" }).then((r) => r.user!.id);
  const organizer = await mk("org@example.org", "ORGANIZER");
  const raters = [await mk("a@example.org", "CLINICIAN"), await mk("b@example.org", "CLINICIAN")];
  return { datasetId: imported.datasetId, setId: set.setId, organizer, raters, models: set.models };
}
