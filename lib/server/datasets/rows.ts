// Mapping between the normalized model (lib/formats) and database rows. Everything the
// columns do not hold goes into `data`, so a dataset can be exported exactly as imported.
// Rows carry their own ids (the schema's cuid() default is applied by Prisma, not by the
// database, and imports bypass Prisma's query builder: see row-writer.ts).
import { randomUUID } from "node:crypto";
import type { EhrEvent, Item, Note, Patient } from "../../formats";
import { itemKey } from "../../formats";
import { isoToMillis } from "../../formats/primitives";

/**
 * A source time as the instant it denotes, by the one time rule of lib/formats (isoToMillis):
 * with a UTC offset, that instant; without, a wall-clock time in the dataset's zone (default
 * UTC, so times stored before there was a choice are unchanged). Events and cutoffs go through
 * here alike, so "at or before the cutoff" is a comparison of instants.
 */
export function toInstant(iso: string, timeZone = "UTC"): Date {
  const ms = isoToMillis(iso, timeZone);
  if (ms === null) throw new Error(`Invalid time "${iso}"`);
  return new Date(ms);
}

export function patientRow(datasetId: string, patient: Patient, position: number) {
  const { events: _events, notes: _notes, patientId, ...data } = patient;
  return { id: randomUUID(), datasetId, externalId: patientId, position, data: data as object };
}

export function eventRow(patientId: string, event: EhrEvent, position: number, timeZone = "UTC") {
  const { eventId, gaDays, visitId, type, name, text, ...data } = event;
  return {
    id: randomUUID(),
    patientId,
    position,
    eventId,
    time: toInstant(event.time, timeZone),
    gaDays: gaDays ?? null,
    visitId: visitId ?? null,
    type,
    name,
    text: text ?? null,
    // `gaDays`/`visitId`/`text` absent vs null matters for exact export: remember which.
    data: { ...data, present: { gaDays: "gaDays" in event, visitId: "visitId" in event, text: "text" in event } } as object,
  };
}

export function eventFromRow(row: {
  eventId: string;
  gaDays: number | null;
  visitId: string | null;
  type: string;
  name: string;
  text: string | null;
  data: unknown;
}): EhrEvent {
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
  return { id: randomUUID(), patientId, noteNum, chartdate, text, data: data as object };
}

export function noteFromRow(row: { noteNum: number; chartdate: string; text: string; data: unknown }): Note {
  return { noteNum: row.noteNum, chartdate: row.chartdate, text: row.text, ...(row.data as object) } as Note;
}

export function itemRow(datasetId: string, patientDbId: string, item: Item, position: number, timeZone = "UTC") {
  const base = { id: randomUUID(), datasetId, patientId: patientDbId, position, externalId: itemKey(item), data: item as object };
  if (item.kind === "mcq") {
    return {
      ...base,
      kind: "mcq",
      cutoffTime: toInstant(item.cutoff.time, timeZone),
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
