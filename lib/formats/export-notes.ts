// Exporters for the notes family: the notes-chatqa JSON bundle and the
// EHRNote-ChatQA release CSVs (notes.csv + questions.csv, RFC 4180 quoting).
import { csvRow } from "./csv";
import { bundleHead, jsonArrayMember, mapIter, type ExportedFile } from "./export-shared";
import { noteToCsvFields, noteToWire, turnToCsvFields, turnToWire } from "./map-notes";
import type { Conversation, NormalizedDataset, Patient } from "./model";
import { NOTES_CSV_COLUMNS, QUESTIONS_CSV_COLUMNS } from "./schema-notes";

function assertNotes(ds: NormalizedDataset): Conversation[] {
  if (ds.family !== "notes-chatqa") throw new Error(`cannot export a ${ds.family} dataset as notes-chatqa`);
  return ds.items.filter((i): i is Conversation => i.kind === "conversation");
}

/** Subject ids are integers on the wire; they are strings in the model. */
const subjectId = (id: string): number | string => (/^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id);

export function notesPatientToWire(p: Patient): Record<string, unknown> {
  const w: Record<string, unknown> = { subject_id: subjectId(p.patientId) };
  if (p.notes) w.notes = p.notes.map(noteToWire);
  return p.extra ? { ...w, ...p.extra } : w;
}

export function conversationToWire(c: Conversation): Record<string, unknown> {
  const w = { subject_id: subjectId(c.patientId), qa_category: c.qaCategory, turns: c.turns.map(turnToWire) };
  return c.extra ? { ...w, ...c.extra } : w;
}

export function exportNotesJsonBundle(ds: NormalizedDataset, name = "notes-chatqa.json"): ExportedFile {
  const conversations = assertNotes(ds);
  function* chunks(): Generator<string> {
    yield* bundleHead(ds, "notes-chatqa");
    yield* jsonArrayMember("patients", mapIter(ds.patients, notesPatientToWire), false);
    yield* jsonArrayMember("conversations", mapIter(conversations, conversationToWire), true);
    yield "}\n";
  }
  return { name, chunks: { [Symbol.iterator]: chunks } };
}

/** Union of extra keys in first-seen order; written as trailing columns so nothing is lost. */
function extraColumns(records: Iterable<{ extra?: Record<string, unknown> }>): string[] {
  const keys = new Set<string>();
  for (const r of records) for (const k of Object.keys(r.extra ?? {})) keys.add(k);
  return [...keys];
}

function cell(v: unknown): string {
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/**
 * notes.csv + questions.csv. Not representable there (and so dropped): dataset
 * meta, section offsets (re-derived on import) and conversation-level extras.
 * Rows are grouped by conversation, turns in stored order. Written by lib/csv (formula cells
 * neutralised, which our reader reverses; "\n" line endings).
 */
export function exportChatQaCsv(ds: NormalizedDataset): ExportedFile[] {
  const conversations = assertNotes(ds);
  function* notes(): Generator<string> {
    const extras = extraColumns(ds.patients.flatMap((p) => p.notes ?? []));
    yield csvRow([...NOTES_CSV_COLUMNS, ...extras]);
    for (const p of ds.patients)
      for (const n of p.notes ?? []) yield csvRow([...noteToCsvFields(p.patientId, n), ...extras.map((k) => cell(n.extra?.[k]))]);
  }
  function* questions(): Generator<string> {
    const extras = extraColumns(conversations.flatMap((c) => c.turns));
    yield csvRow([...QUESTIONS_CSV_COLUMNS, ...extras]);
    for (const c of conversations)
      for (const t of c.turns) yield csvRow([...turnToCsvFields(c, t), ...extras.map((k) => cell(t.extra?.[k]))]);
  }
  return [
    { name: "notes.csv", chunks: { [Symbol.iterator]: notes } },
    { name: "questions.csv", chunks: { [Symbol.iterator]: questions } },
  ];
}
