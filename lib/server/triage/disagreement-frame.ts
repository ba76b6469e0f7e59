import "server-only";
import type { Db } from "../../db/client";
import { modelDisagreementFrame } from "../audits/model-strata";
import { AppError } from "../errors";

/** A prediction set's disagreement with the gold per item of its dataset (model-strata.ts counts it). */
export interface DisagreementFrame {
  set: { id: string; name: string; checksum: string };
  /** Every item of the dataset, in dataset order: benchmark id, database id and the counts. */
  items: { externalId: string; itemId: string; models: number; disagreeing: number }[];
}

/** Computed in the report thread (it reads the whole dataset and every prediction); null: no such set. */
export async function disagreementFrame(db: Db, datasetId: string, setId: string): Promise<DisagreementFrame | null> {
  try {
    const { set, items, dbIds } = await modelDisagreementFrame(db, datasetId, setId);
    return {
      set,
      items: items.map((i) => ({ externalId: i.id, itemId: dbIds.get(i.id) ?? "", models: i.models, disagreeing: i.disagreeing })),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}
