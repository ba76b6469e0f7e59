// Pass 2 of a streamed import: the normalized records of files that pass 1
// (validateDatasetStream) accepted, one at a time, so a writer never holds the
// dataset. JSONL and CSV are read line by line, a JSON bundle record by record
// (bundle-scan.ts).
//
// Records come out in source order with the positions parseDataset would give
// them: a patient (with its events inline, notes never inline) before its notes
// and items. Collected with `collectDataset` they equal parseDataset's result.
//
// JSON records are mapped without re-running zod: those schemas have no
// transforms, and pass 1 validated these same bytes (the importer re-checks
// their checksum). CSV rows go through zod again because cells are converted.
import { isObject } from "./bundle-json";
import { scanBundle } from "./bundle-scan";
import { english } from "../i18n/domain";
import { ehrPatientFromWire, instanceFromWire } from "./map-ehr";
import { noteFromWire, turnFromWire, type NoteFields, type TurnFields } from "./map-notes";
import type { Conversation, Item, NormalizedDataset, Patient } from "./model";
import { bundlePatientFromWire, NOTE_KEYS } from "./notes-patients";
import type { DatasetSummary, ReopenableFile } from "./parse-dataset";
import { pickExtra } from "./primitives";
import { csvTable } from "./csv-table";
import type { NamedChunks } from "./read-ehr";
import type { RawEhrPatient, RawInstance } from "./schema-ehr";
import { QUESTIONS_CSV_COLUMNS, questionsCsvRowSchema } from "./schema-notes";
import { ehrNoteQa } from "./stream-ehrnoteqa";
import { checkStrict, DatasetChangedError, type DatasetRecord, jsonRecords, notesCsv, strictContext } from "./stream-records";
import { streamFhirPatients } from "./fhir/stream-fhir";
import { TURN_KEYS, type NotesStreamPlan } from "./validate-notes";

export { DatasetChangedError, type DatasetRecord } from "./stream-records";

type Raw = Record<string, unknown>;

/** Yields the records of a dataset that `validateDatasetStream` accepted as `summary`. */
export async function* streamDataset(files: readonly ReopenableFile[], summary: DatasetSummary): AsyncGenerator<DatasetRecord> {
  const open = (role: string): NamedChunks | undefined => {
    const name = summary.plan.files.find((f) => f.role === role)?.name;
    const file = files.find((f) => f.name === name);
    return file && { name: file.name, chunks: file.open() };
  };
  const opener = (role: string) => () => {
    const f = open(role);
    if (!f) throw new DatasetChangedError(role, "file missing");
    return f;
  };
  const plan = summary.plan.notes ?? { conversations: new Map(), numNotes: new Map() };
  const counted = countRecords(summary);
  switch (summary.format) {
    case "ehr-decision-mcq-jsonl":
      yield* counted(ehrJsonl(opener("patients"), opener("instances")));
      break;
    case "ehr-decision-mcq-json":
      yield* counted(ehrBundle(opener("bundle")));
      break;
    case "notes-chatqa-json":
      yield* counted(notesBundle(opener("bundle")));
      break;
    case "ehrnote-chatqa-csv":
      yield* counted(chatQaCsv(opener("notes")(), opener("questions"), plan));
      break;
    case "ehrnoteqa-jsonl": {
      yield* counted(ehrNoteQa(open("notes"), opener("ehrnoteqa"), plan, open("discharge")));
      break;
    }
    case "fhir-r4":
      yield* counted(fhirRecords(summary, files, opener("instances")));
      break;
  }
}

/** FHIR R4: the patients batch by batch (lib/formats/fhir/stream-fhir.ts), then the items. */
async function* fhirRecords(
  summary: DatasetSummary,
  files: readonly ReopenableFile[],
  instances: () => NamedChunks,
): AsyncGenerator<DatasetRecord> {
  const plan = summary.plan.fhir;
  if (!plan) throw new DatasetChangedError(summary.plan.files.map((f) => f.name).join(", "), "no FHIR plan");
  const open = (name: string) => {
    const file = files.find((f) => f.name === name);
    if (!file) throw new DatasetChangedError(name, "file missing");
    return file.open();
  };
  let position = 0;
  for await (const patient of streamFhirPatients(plan, open)) yield { kind: "patient", patient, position: position++ };
  position = 0;
  for await (const raw of jsonRecords(instances()))
    yield { kind: "item", item: instanceFromWire(raw as RawInstance), position: position++ };
}

/** Passes records through and checks the totals against pass 1 at the end. */
function countRecords(summary: DatasetSummary) {
  return async function* (records: AsyncGenerator<DatasetRecord>): AsyncGenerator<DatasetRecord> {
    const n = { patients: 0, events: 0, notes: 0, items: 0 };
    for await (const r of records) {
      if (r.kind === "patient") {
        n.patients++;
        n.events += r.patient.events?.length ?? 0;
      } else if (r.kind === "note") n.notes++;
      else n.items++;
      yield r;
    }
    const s = summary.stats;
    const want = { patients: s.patients, events: s.events, notes: s.notes, items: s.items };
    if (JSON.stringify(n) !== JSON.stringify(want))
      throw new DatasetChangedError(
        summary.plan.files.map((f) => f.name).join(", "),
        `read ${JSON.stringify(n)}, validated ${JSON.stringify(want)}`,
      );
  };
}

async function* ehrJsonl(patients: () => NamedChunks, instances: () => NamedChunks): AsyncGenerator<DatasetRecord> {
  let position = 0;
  for await (const raw of jsonRecords(patients()))
    yield { kind: "patient", patient: ehrPatientFromWire(raw as RawEhrPatient), position: position++ };
  position = 0;
  for await (const raw of jsonRecords(instances()))
    yield { kind: "item", item: instanceFromWire(raw as RawInstance), position: position++ };
}

/**
 * The records of a bundle's two arrays, the first array's before the second's. One read when
 * the file has them in that order; if the second comes first, it is scanned past and read again.
 */
async function* bundleRecords(open: () => NamedChunks, keys: [string, string]): AsyncGenerator<{ key: string; raw: Raw }> {
  let firstSeen = false;
  let secondEarly = false;
  const read = async function* (only?: string): AsyncGenerator<{ key: string; raw: Raw }> {
    const file = open();
    for await (const e of scanBundle(file.chunks, { arrays: keys, ...(only ? { wanted: (key: string) => key === only } : {}) })) {
      if (e.kind === "error" || e.kind === "root")
        throw new DatasetChangedError(file.name, e.kind === "error" ? english(e.said) : "not a bundle");
      if (e.kind === "array") {
        if (e.key === keys[0]) firstSeen = true;
        else if (!firstSeen) secondEarly = true;
      }
      // The second array's records before the first array are read again afterwards (they are the small ones).
      if (e.kind !== "record" || (!only && secondEarly && e.key === keys[1])) continue;
      if (!isObject(e.value)) throw new DatasetChangedError(file.name, `${e.key}[${e.index}] is not an object`);
      yield { key: e.key, raw: e.value };
    }
  };
  yield* read();
  if (secondEarly) yield* read(keys[1]);
}

async function* ehrBundle(open: () => NamedChunks): AsyncGenerator<DatasetRecord> {
  const position = { patients: 0, instances: 0 };
  for await (const { key, raw } of bundleRecords(open, ["patients", "instances"])) {
    if (key === "patients") yield { kind: "patient", patient: ehrPatientFromWire(raw as RawEhrPatient), position: position.patients++ };
    else yield { kind: "item", item: instanceFromWire(raw as RawInstance), position: position.instances++ };
  }
}

async function* notesBundle(open: () => NamedChunks): AsyncGenerator<DatasetRecord> {
  const position = { patients: 0, conversations: 0 };
  for await (const { key, raw } of bundleRecords(open, ["patients", "conversations"])) {
    const patientId = String(raw.subject_id);
    if (key === "patients") {
      yield { kind: "patient", patient: bundlePatientFromWire(patientId, raw), position: position.patients++ };
      for (const n of (raw.notes as Raw[] | undefined) ?? [])
        yield { kind: "note", patientId, note: noteFromWire(n as unknown as NoteFields, pickExtra(n, NOTE_KEYS)) };
      continue;
    }
    const qaCategory = raw.qa_category as string;
    const turns = (raw.turns as Raw[]).map((t) => turnFromWire(t as unknown as TurnFields, pickExtra(t, TURN_KEYS)));
    const item: Conversation = { kind: "conversation", conversationId: `${patientId}:${qaCategory}`, patientId, qaCategory, turns };
    const extra = pickExtra(raw, ["subject_id", "qa_category", "turns"]);
    if (extra) item.extra = extra;
    yield { kind: "item", item, position: position.conversations++ };
  }
}

/** Conversations are yielded once their last turn was read (pass 1 counted them), at their first-seen position. */
async function* chatQaCsv(notes: NamedChunks, questions: () => NamedChunks, plan: NotesStreamPlan): AsyncGenerator<DatasetRecord> {
  yield* notesCsv(notes, plan, new Set());
  const file = questions();
  const ctx = strictContext();
  const open = new Map<string, Conversation>();
  for await (const r of csvTable(file, QUESTIONS_CSV_COLUMNS, questionsCsvRowSchema, ctx)) {
    checkStrict(ctx, file.name);
    if (!r.ok) throw new DatasetChangedError(file.name, "rejected row");
    const patientId = String(r.row.subject_id);
    const key = `${patientId}:${r.row.qa_category}`;
    const expected = plan.conversations.get(key);
    if (!expected) throw new DatasetChangedError(file.name, `unexpected conversation ${key}`);
    let c = open.get(key);
    if (!c) open.set(key, (c = { kind: "conversation", conversationId: key, patientId, qaCategory: r.row.qa_category, turns: [] }));
    c.turns.push(turnFromWire(r.row, r.extra));
    if (c.turns.length === expected.turns) {
      open.delete(key);
      yield { kind: "item", item: c, position: expected.position };
    }
  }
  checkStrict(ctx, file.name);
  if (open.size > 0) throw new DatasetChangedError(file.name, "incomplete conversations");
}

/** Assembles streamed records into a NormalizedDataset (tests, small inputs): equal to parseDataset's. */
export async function collectDataset(summary: DatasetSummary, records: AsyncIterable<DatasetRecord>): Promise<NormalizedDataset> {
  const patients: Patient[] = [];
  const byId = new Map<string, Patient>();
  const items: Item[] = [];
  for await (const r of records) {
    if (r.kind === "patient") {
      patients[r.position] = r.patient;
      byId.set(r.patient.patientId, r.patient);
    } else if (r.kind === "note") {
      // The reader emits a patient before its notes; a note without one is a reader bug.
      const notes = byId.get(r.patientId)?.notes;
      if (!notes) throw new Error(`note of ${r.patientId} before its patient`);
      notes.push(r.note);
    } else items[r.position] = r.item;
  }
  const { family, format, formatVersion, meta, extra } = summary;
  return { family, format, ...(formatVersion !== undefined ? { formatVersion } : {}), meta, patients, items, ...(extra ? { extra } : {}) };
}
