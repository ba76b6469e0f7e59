import "server-only";
import type { Db } from "../../db/client";
import type { EvalItem } from "../../evaluation/eval-dataset";
import {
  disagreementCounts,
  drawModelStratifiedSample,
  SamplingError,
  type AllocationRule,
  type DisagreementRow,
  type ItemDisagreement,
  type ModelStratifiedSample,
  type ModelStratum,
} from "../../sampling";
import { previewModelGuidedPlan } from "../../agreement/stratified-preview";
import { AppError } from "../errors";
import { loadEvalDataset } from "../evaluations/load-dataset";
import { NO_OPTION } from "../evaluations/import-predictions";
import { planErrorMessage } from "./plan-errors";

/** What an audit records of a model-guided sample (`Audit.modelDesign`): organizers' eyes only. */
export interface StoredModelDesign {
  algorithm: ModelStratifiedSample["algorithm"];
  predictionSet: { id: string; name: string; checksum: string };
  allocationRule: AllocationRule;
  allocation: ModelStratifiedSample["allocation"];
}

/** Each dataset's prediction sets (newest first), for the new-audit form: name and number of models. */
export async function predictionSetsByDataset(db: Db) {
  const sets = await db.predictionSet.findMany({
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, datasetId: true, models: true },
  });
  const out = new Map<string, { id: string; name: string; models: number }[]>();
  for (const s of sets) {
    const list = out.get(s.datasetId) ?? [];
    list.push({ id: s.id, name: s.name, models: (s.models as string[]).length });
    out.set(s.datasetId, list);
  }
  return out;
}

function goldOf(item: EvalItem, turn: number): string | undefined {
  if (item.kind === "mcq") return item.gold;
  return item.turns.find((t) => t.turnOrder === turn)?.gold;
}

/**
 * Every item of the dataset with the number of the set's models that predicted it and of those
 * that disagree with the gold. A "model" is a model and input scope of the file (the same model on
 * two scopes answers twice); a model disagrees on an item if any of its rows (turns) is wrong or
 * names no option.
 */
export async function modelDisagreementFrame(db: Db, datasetId: string, predictionSetId: string) {
  const set = await db.predictionSet.findFirst({
    where: { id: predictionSetId, datasetId },
    select: { id: true, name: true, checksum: true },
  });
  if (!set) throw new AppError("NOT_FOUND", { key: "audits.modelGuided.errors.setNotFound" });
  const [stored, rows] = await Promise.all([
    loadEvalDataset(db, datasetId),
    db.prediction.findMany({
      where: { setId: set.id },
      select: { model: true, scope: true, turn: true, option: true, item: { select: { externalId: true } } },
    }),
  ]);
  if (!stored) throw new AppError("NOT_FOUND", { key: "audits.errors.datasetNotFound" });
  const byId = new Map(stored.dataset.items.map((it) => [it.id, it]));
  const scored: DisagreementRow[] = rows.map((r) => {
    const item = byId.get(r.item.externalId);
    const gold = item ? goldOf(item, r.turn) : undefined;
    return {
      model: JSON.stringify([r.model, r.scope]),
      itemId: r.item.externalId,
      correct: r.option !== NO_OPTION && gold !== undefined && r.option === gold,
    };
  });
  const items: ItemDisagreement[] = disagreementCounts(
    stored.dataset.items.map((it) => it.id),
    scored,
  );
  return { set, items, dbIds: stored.rowIds };
}

function samplingFailure(error: unknown): never {
  if (error instanceof SamplingError) throw new AppError("INVALID", planErrorMessage(error));
  throw error;
}

export interface ModelGuidedRequest {
  datasetId: string;
  size: number;
  seed: string;
  predictionSetId: string;
  allocation: AllocationRule;
}

/** The model-guided draw, with what the audit records of it. */
export async function drawModelGuided(db: Db, request: ModelGuidedRequest) {
  const { set, items, dbIds } = await modelDisagreementFrame(db, request.datasetId, request.predictionSetId);
  let sample: ModelStratifiedSample;
  try {
    sample = drawModelStratifiedSample({ items, size: request.size, seed: request.seed, allocation: request.allocation });
  } catch (error) {
    samplingFailure(error);
  }
  const design: StoredModelDesign = {
    algorithm: sample.algorithm,
    predictionSet: set,
    allocationRule: sample.allocationRule,
    allocation: sample.allocation,
  };
  return { sample, design, dbIds };
}

/**
 * The planner's preview of a model-guided sample: the strata, n_h, and the expected upper bound
 * under simple random sampling and under the design at the organizer's assumed rates (seeded,
 * 1,000 simulated audits; lib/agreement/stratified-preview.ts). Nothing is drawn.
 */
export async function previewModelGuided(
  db: Db,
  request: Omit<ModelGuidedRequest, "seed"> & { assumedErrorRates: Partial<Record<ModelStratum, number>> },
) {
  const { items } = await modelDisagreementFrame(db, request.datasetId, request.predictionSetId);
  try {
    return previewModelGuidedPlan({
      items,
      size: request.size,
      allocation: request.allocation,
      assumedErrorRates: request.assumedErrorRates,
    });
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("INVALID", { key: "audits.modelGuided.errors.rates" });
    samplingFailure(error);
  }
}
