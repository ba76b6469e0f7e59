import "server-only";
import type { Db } from "../../db/client";

const SET_FIELDS = {
  id: true,
  name: true,
  fileName: true,
  format: true,
  checksum: true,
  models: true,
  scopes: true,
  rowCount: true,
  createdAt: true,
  createdBy: { select: { name: true } },
  dataset: { select: { id: true, name: true, version: true, family: true, itemCount: true, patientCount: true } },
} as const;

function withLists<T extends { models: unknown; scopes: unknown }>(
  set: T,
): Omit<T, "models" | "scopes"> & { models: string[]; scopes: string[] } {
  return { ...set, models: set.models as string[], scopes: set.scopes as string[] };
}

/** Every prediction set, newest first (organizers see all of them, like datasets). */
export async function listPredictionSets(db: Db) {
  const sets = await db.predictionSet.findMany({ orderBy: { createdAt: "desc" }, select: SET_FIELDS });
  return sets.map(withLists);
}
export type PredictionSetSummary = Awaited<ReturnType<typeof listPredictionSets>>[number];

export async function getPredictionSet(db: Db, setId: string): Promise<PredictionSetSummary | null> {
  const set = await db.predictionSet.findUnique({ where: { id: setId }, select: SET_FIELDS });
  return set && withLists(set);
}

/** The datasets predictions can be uploaded for, for the upload form. */
export function datasetChoices(db: Db) {
  return db.dataset.findMany({
    orderBy: [{ name: "asc" }, { version: "desc" }],
    select: { id: true, name: true, version: true, itemCount: true },
  });
}
