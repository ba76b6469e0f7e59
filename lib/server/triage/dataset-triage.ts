import "server-only";
import type { Db } from "../../db/client";
import { stratumOf } from "../../sampling/stratified";
import type { TriageRow } from "../../triage/triage";
import { keptDisagreementFrame } from "./kept-disagreement";

/** A dataset's items ranked by its prediction sets' disagreement with the gold (no ratings yet). */
export interface DatasetTriage {
  dataset: { id: string; name: string; version: number };
  sets: { id: string; name: string }[];
  predictionSet: { id: string; name: string; checksum: string } | null;
  rows: TriageRow[];
}

/**
 * The chosen prediction set's (else the newest's) disagreement per item of the dataset, from the
 * kept frame. Null: no such dataset. Callers check access first (evaluations:manage).
 */
export async function datasetTriage(db: Db, datasetId: string, setId?: string): Promise<DatasetTriage | null> {
  const dataset = await db.dataset.findUnique({ where: { id: datasetId }, select: { id: true, name: true, version: true } });
  if (!dataset) return null;
  const sets = await db.predictionSet.findMany({ where: { datasetId }, orderBy: { createdAt: "desc" }, select: { id: true, name: true } });
  const chosen = sets.find((s) => s.id === setId) ?? sets[0];
  const frame = chosen ? await keptDisagreementFrame(db, datasetId, chosen.id) : null;
  const rows = (frame?.items ?? []).map(
    (i): TriageRow => ({
      id: i.itemId,
      externalId: i.externalId,
      sampleOrder: null,
      stratum: stratumOf(i.models, i.disagreeing),
      models: i.models,
      disagreeing: i.disagreeing,
      majority: null,
      pError: null,
    }),
  );
  return { dataset, sets, predictionSet: frame?.set ?? null, rows };
}
