import "server-only";
import type { Db } from "../../db/client";
import { evalDataset, type EvalDataset } from "../../evaluation/eval-dataset";
import type { DatasetFamily, FormatId, Item } from "../../formats";

export interface StoredEvalDataset {
  dataset: EvalDataset;
  /** Item row id of each external id (instance or conversation id). */
  rowIds: Map<string, string>;
}

/**
 * The evaluation view of a stored dataset: the normalized items (Item.data) in source order
 * and, for conversations, each patient's number of notes, as `evalDatasetFromFiles` reads
 * them from the files: so the page and `clinaudit evaluate` score alike.
 */
export async function loadEvalDataset(db: Db, datasetId: string): Promise<StoredEvalDataset | null> {
  const dataset = await db.dataset.findUnique({
    where: { id: datasetId },
    select: { family: true, format: true, checksum: true, meta: true },
  });
  if (!dataset) return null;
  const items = await db.item.findMany({
    where: { datasetId },
    orderBy: { position: "asc" },
    select: { id: true, externalId: true, data: true },
  });
  const notes = new Map<string, number>();
  if (dataset.family === "notes-chatqa") {
    const patients = await db.patient.findMany({
      where: { datasetId },
      select: { externalId: true, data: true, _count: { select: { notes: true } } },
    });
    for (const p of patients) {
      const declared = (p.data as { numNotes?: unknown }).numNotes;
      notes.set(p.externalId, typeof declared === "number" ? declared : p._count.notes);
    }
  }
  return {
    dataset: evalDataset({
      family: dataset.family as DatasetFamily,
      format: dataset.format as FormatId,
      checksum: dataset.checksum,
      meta: dataset.meta as Record<string, unknown>,
      items: items.map((i) => i.data as unknown as Item),
      notesOf: (p) => notes.get(p) ?? 0,
    }),
    rowIds: new Map(items.map((i) => [i.externalId, i.id])),
  };
}
