import "server-only";
import type { Db } from "../../db/client";
import { syntheticPredictionsCsv } from "../../synth/predictions";
import { importPredictions } from "../evaluations/import-predictions";
import { loadEvalDataset } from "../evaluations/load-dataset";

export const DEMO_PREDICTIONS_NAME = "Synthetic models (demo)";

/** Synthetic predictions of three fictional models for each demo dataset (deterministic). */
export async function seedDemoPredictions(db: Db, organizerId: string, datasetIds: string[]): Promise<void> {
  for (const datasetId of datasetIds) {
    const stored = await loadEvalDataset(db, datasetId);
    if (!stored) throw new Error(`demo dataset ${datasetId} is missing`);
    const csv = syntheticPredictionsCsv(stored.dataset, { seed: 2026 });
    const outcome = await importPredictions(db, organizerId, {
      datasetId,
      name: DEMO_PREDICTIONS_NAME,
      fileName: "demo-predictions.csv",
      bytes: new TextEncoder().encode(csv),
    });
    if (outcome.status !== "imported") throw new Error(`the demo predictions did not import: ${JSON.stringify(outcome).slice(0, 500)}`);
  }
}
