import "server-only";
import type { Db } from "../../db/client";
import type { Item } from "../../formats";
import type { Viewer } from "../../access-log/events";
import { recordAccess } from "../access-log/log";
import { eventFromRow, noteFromRow } from "./rows";

/** One item with its patient's record as reviewers see it (up to the cutoff), for organizers; the viewer's look is logged. */
export async function itemDetail(db: Db, datasetId: string, itemId: string, viewer?: Viewer) {
  const item = await db.item.findFirst({
    where: { id: itemId, datasetId },
    select: {
      id: true,
      kind: true,
      externalId: true,
      cutoffTime: true,
      chapter: true,
      level: true,
      decisionPoint: true,
      data: true,
      patientId: true,
      patient: { select: { externalId: true, data: true } },
      dataset: { select: { name: true, version: true } },
    },
  });
  if (!item) return null;
  if (viewer)
    recordAccess(db, {
      ...viewer,
      action: "dataset-item.view",
      patient: item.patient.externalId,
      itemExternalId: item.externalId,
      datasetId,
      itemId: item.id,
    });
  const [events, notes, laterEvents] = await Promise.all([
    item.kind === "mcq" && item.cutoffTime
      ? db.ehrEvent.findMany({
          where: { patientId: item.patientId, time: { lte: item.cutoffTime } },
          orderBy: [{ time: "asc" }, { position: "asc" }],
        })
      : Promise.resolve([]),
    item.kind === "conversation"
      ? db.note.findMany({ where: { patientId: item.patientId }, orderBy: { noteNum: "asc" } })
      : Promise.resolve([]),
    item.kind === "mcq" && item.cutoffTime
      ? db.ehrEvent.count({ where: { patientId: item.patientId, time: { gt: item.cutoffTime } } })
      : Promise.resolve(0),
  ]);
  return {
    ...item,
    data: item.data as unknown as Item,
    events: events.map((e) => ({ id: e.id, event: eventFromRow(e) })),
    notes: notes.map((n) => ({ id: n.id, note: noteFromRow(n) })),
    laterEvents,
  };
}
