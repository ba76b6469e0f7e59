// What the streamed readers share (stream-dataset.ts, stream-ehrnoteqa.ts, fhir/stream-fhir.ts,
// checksum.ts): the record they yield, the error for input that changed between passes, and the
// strict re-reading of JSONL and notes CSV. It imports none of them, so they form no import cycle.
import { type DomainMessage, english } from "../i18n/domain";
import { isObject } from "./bundle-json";
import { csvTable } from "./csv-table";
import { IssueLog } from "./issues";
import { readJsonl } from "./jsonl";
import { noteFromWire } from "./map-notes";
import type { Item, Note, Patient } from "./model";
import { ProgressTracker } from "./progress";
import type { NamedChunks, ReadContext } from "./read-ehr";
import { NOTES_CSV_COLUMNS, notesCsvRowSchema } from "./schema-notes";
import type { NotesStreamPlan } from "./validate-notes";

export type DatasetRecord =
  | { kind: "patient"; patient: Patient; position: number }
  | { kind: "note"; patientId: string; note: Note }
  | { kind: "item"; item: Item; position: number };

/** The input no longer matches what an earlier pass read (edited or replaced in between). */
export class DatasetChangedError extends Error {
  override name = "DatasetChangedError";
  constructor(
    readonly file: string,
    detail: string,
    /** The pass it no longer matches. */
    since: "validated" | "checksummed" = "validated",
  ) {
    const said: DomainMessage = { code: "formats.datasetChanged", values: { file, since, detail } };
    super(english(said));
    this.said = said;
  }
  readonly said: DomainMessage;
}

export async function* jsonRecords(file: NamedChunks): AsyncGenerator<Record<string, unknown>> {
  for await (const entry of readJsonl(file.chunks)) {
    if (!entry.ok || !isObject(entry.value)) throw new DatasetChangedError(file.name, `line ${entry.line}`);
    yield entry.value;
  }
}

/** A context for re-reading CSV: any issue means the file is not what pass 1 saw. */
export function strictContext(): ReadContext {
  return { log: new IssueLog(1), progress: new ProgressTracker(), retain: false };
}

export function checkStrict(ctx: ReadContext, file: string): void {
  const issue = ctx.log.issues[0];
  if (issue) throw new DatasetChangedError(file, `${issue.line !== undefined ? `line ${issue.line}: ` : ""}${issue.message}`);
}

/** notes.csv: a patient at its first note, then the notes as they come. */
export async function* notesCsv(file: NamedChunks, plan: NotesStreamPlan, seen: Set<string>): AsyncGenerator<DatasetRecord> {
  const ctx = strictContext();
  for await (const r of csvTable(file, NOTES_CSV_COLUMNS, notesCsvRowSchema, ctx)) {
    checkStrict(ctx, file.name);
    if (!r.ok) throw new DatasetChangedError(file.name, "rejected row");
    const patientId = String(r.row.subject_id);
    if (!seen.has(patientId)) {
      seen.add(patientId);
      yield { kind: "patient", patient: withNumNotes({ patientId, notes: [] }, plan), position: seen.size - 1 };
    }
    yield { kind: "note", patientId, note: noteFromWire(r.row, r.extra) };
  }
  checkStrict(ctx, file.name);
}

export const withNumNotes = (patient: Patient, plan: NotesStreamPlan): Patient => {
  const n = plan.numNotes.get(patient.patientId);
  return n === undefined ? patient : { ...patient, numNotes: n };
};
