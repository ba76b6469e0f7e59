import "server-only";
import type { Db } from "../../db/client";
import type { Item, NormalizedDataset, Patient } from "../../formats";
import { eventFromRow, noteFromRow } from "./rows";

/** Rebuilds the normalized dataset from the database, in source order (for exports). */
export async function loadDataset(db: Db, datasetId: string): Promise<NormalizedDataset | null> {
  const dataset = await db.dataset.findUnique({ where: { id: datasetId } });
  if (!dataset) return null;
  const patients = await db.patient.findMany({
    where: { datasetId },
    orderBy: { position: "asc" },
    include: { events: { orderBy: { position: "asc" } }, notes: { orderBy: { noteNum: "asc" } } },
  });
  const items = await db.item.findMany({ where: { datasetId }, orderBy: { position: "asc" }, select: { data: true } });
  const { __extra, ...meta } = dataset.meta as Record<string, unknown>;
  return {
    family: dataset.family as NormalizedDataset["family"],
    format: dataset.format as NormalizedDataset["format"],
    ...(dataset.formatVersion ? { formatVersion: dataset.formatVersion } : {}),
    meta,
    ...(__extra ? { extra: __extra as Record<string, unknown> } : {}),
    patients: patients.map((p) => {
      const patient: Patient = { patientId: p.externalId, ...(p.data as object) };
      if (p.events.length || dataset.family === "ehr-decision-mcq") patient.events = p.events.map(eventFromRow);
      if (p.notes.length) patient.notes = p.notes.map(noteFromRow);
      return patient;
    }),
    items: items.map((i) => i.data as unknown as Item),
  };
}
