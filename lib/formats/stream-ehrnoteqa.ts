// Pass 2 of a streamed EHRNoteQA import: patients, notes and one-turn conversations, in the
// positions parseDataset gives them. Notes come from notes.csv (read first), from the
// preprocessed rows' note_1 … note_n (at a patient's first row), or from discharge.csv
// (joined after the questions, as pass 1 joined them).
import { english } from "../i18n/domain";
import { DischargeJoin, ehrNoteQaExtra, ehrNoteQaTurn, noteColumns, noteFromColumn } from "./ehrnoteqa";
import type { Conversation, Patient } from "./model";
import type { NamedChunks } from "./read-ehr";
import { csvTable } from "./csv-table";
import { DISCHARGE_CSV_COLUMNS, dischargeCsvRowSchema, type EhrNoteQaRow } from "./schema-notes";
import { DatasetChangedError, jsonRecords, notesCsv, strictContext, checkStrict, withNumNotes, type DatasetRecord } from "./stream-records";
import type { NotesStreamPlan } from "./validate-notes";

export async function* ehrNoteQa(
  notes: NamedChunks | undefined,
  questions: () => NamedChunks,
  plan: NotesStreamPlan,
  discharge: NamedChunks | undefined,
): AsyncGenerator<DatasetRecord> {
  const seen = new Set<string>();
  if (notes) yield* notesCsv(notes, plan, seen);
  const perPatient = new Map<string, number>();
  let position = 0;
  for await (const raw of jsonRecords(questions())) {
    const r = raw as unknown as EhrNoteQaRow;
    const patientId = String(r.patient_id);
    // Without notes.csv the questions define the patients (as in pass 1).
    if (!notes && !seen.has(patientId)) {
      seen.add(patientId);
      const columns = noteColumns(r);
      const patient: Patient = discharge || columns.length > 0 ? { patientId, notes: [] } : { patientId };
      yield { kind: "patient", patient: withNumNotes(patient, plan), position: seen.size - 1 };
      for (const c of columns) if (c.text.trim() !== "") yield { kind: "note", patientId, note: noteFromColumn(c.noteNum, c.text) };
    }
    const n = (perPatient.get(patientId) ?? 0) + 1;
    perPatient.set(patientId, n);
    const item: Conversation = {
      kind: "conversation",
      conversationId: `${patientId}:q${n}`,
      patientId,
      qaCategory: "",
      turns: [ehrNoteQaTurn(r)],
    };
    const extra = ehrNoteQaExtra(r);
    if (extra) item.extra = extra;
    yield { kind: "item", item, position: position++ };
  }
  if (discharge) yield* joinedNotes(discharge, seen);
}

async function* joinedNotes(file: NamedChunks, patients: ReadonlySet<string>): AsyncGenerator<DatasetRecord> {
  const ctx = strictContext();
  const join = new DischargeJoin((id) => patients.has(id));
  for await (const r of csvTable(file, DISCHARGE_CSV_COLUMNS, dischargeCsvRowSchema, ctx)) {
    checkStrict(ctx, file.name);
    if (!r.ok) throw new DatasetChangedError(file.name, "rejected row");
    const over = join.add(r.row, r.where);
    if (over) throw new DatasetChangedError(file.name, english(over));
  }
  checkStrict(ctx, file.name);
  for (const { patientId, notes } of join.notes()) for (const { note } of notes) yield { kind: "note", patientId, note };
}
