// Mapping between the normalized model (lib/formats) and database rows. Everything the
// columns do not hold goes into `data`, so a dataset can be exported exactly as imported.
import { randomUUID } from "node:crypto";
import type { EhrEvent, Item, Note, Patient } from "../../formats";
import { itemKey } from "../../formats";

/** Source times are naive local times; they are stored as if UTC, like the cutoffs. */
export function toInstant(iso: string): Date {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(iso);
  const date = new Date(zoned ? iso : `${iso.length === 10 ? `${iso}T00:00:00` : iso}Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid time "${iso}"`);
  return date;
}

export function patientRow(datasetId: string, patient: Patient, position: number) {
  const { events: _events, notes: _notes, patientId, ...data } = patient;
  return { id: randomUUID(), datasetId, externalId: patientId, position, data: data as object };
}

export function eventRow(patientId: string, event: EhrEvent, position: number) {
  const { eventId, gaDays, visitId, type, name, text, ...data } = event;
  return {
    patientId,
    position,
    eventId,
    time: toInstant(event.time),
    gaDays: gaDays ?? null,
    visitId: visitId ?? null,
    type,
    name,
    text: text ?? null,
    // `gaDays`/`visitId`/`text` absent vs null matters for exact export: remember which.
    data: { ...data, present: { gaDays: "gaDays" in event, visitId: "visitId" in event, text: "text" in event } } as object,
  };
}

export function eventFromRow(row: { eventId: string; gaDays: number | null; visitId: string | null; type: string; name: string; text: string | null; data: unknown }): EhrEvent {
  const { present, ...data } = row.data as { present: { gaDays: boolean; visitId: boolean; text: boolean } } & Record<string, unknown>;
  return {
    eventId: row.eventId,
    ...(present.gaDays ? { gaDays: row.gaDays } : {}),
    ...(present.visitId ? { visitId: row.visitId } : {}),
    type: row.type as EhrEvent["type"],
    name: row.name,
    ...(present.text ? { text: row.text } : {}),
    ...data,
  } as EhrEvent;
}

export function noteRow(patientId: string, note: Note) {
  const { noteNum, chartdate, text, ...data } = note;
  return { patientId, noteNum, chartdate, text, data: data as object };
}

export function noteFromRow(row: { noteNum: number; chartdate: string; text: string; data: unknown }): Note {
  return { noteNum: row.noteNum, chartdate: row.chartdate, text: row.text, ...(row.data as object) } as Note;
}

export function itemRow(datasetId: string, patientDbId: string, item: Item, position: number) {
  const base = { datasetId, patientId: patientDbId, position, externalId: itemKey(item), data: item as object };
  if (item.kind === "mcq") {
    return {
      ...base,
      kind: "mcq",
      cutoffTime: toInstant(item.cutoff.time),
      chapter: item.chapter,
      level: item.evidenceLevel,
      decisionPoint: item.decisionPointIndex,
      ruleId: item.ruleId,
      question: item.question,
    };
  }
  return {
    ...base,
    kind: "conversation",
    cutoffTime: null,
    chapter: item.qaCategory,
    level: null,
    decisionPoint: null,
    ruleId: null,
    question: item.turns[0]?.question ?? "",
  };
}
