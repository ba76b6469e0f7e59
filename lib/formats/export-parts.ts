// The exporters' files as segments — fixed text, then the patients' records, then the items'
// records — with one writer per segment, so a server can write the (never-changing) patients part
// once per dataset, straight from the database, and the items part per correction state. Joined,
// the segments are byte for byte what exportEhrJsonBundle / exportEhrJsonl / exportChatQaCsv /
// exportNotesJsonBundle write (export-parts.test.ts).
import { csvRow } from "./csv";
import { bundleHead } from "./export-shared";
import { ehrPatientToWire, instanceToWire } from "./map-ehr";
import { conversationToWire, notesPatientToWire } from "./export-notes";
import { noteToCsvFields, turnToCsvFields } from "./map-notes";
import type { Conversation, FormatId, Item, McqItem, NormalizedDataset, Note, Patient } from "./model";
import { NOTES_CSV_COLUMNS, QUESTIONS_CSV_COLUMNS } from "./schema-notes";

export type Segment = { kind: "text"; text: string } | { kind: "patients" } | { kind: "items" };
export interface FileLayout {
  name: string;
  segments: Segment[];
}

/** Writes one segment's records: its opening text, each record's text, then its closing text. */
export interface PartWriter<T> {
  open(): string;
  record(x: T): string;
  close(): string;
}

type Head = Pick<NormalizedDataset, "meta" | "formatVersion" | "extra">;

const text = (t: string): Segment => ({ kind: "text", text: t });
const PATIENTS: Segment = { kind: "patients" };
const ITEMS: Segment = { kind: "items" };

/**
 * The format a dataset imported as `format` is written back as: EHRNoteQA has no writer (a
 * notes-chatqa bundle), FHIR neither (the decision-point JSONL pair, events as the FHIR import
 * read them). Everything else round-trips in its own layout.
 */
export function writtenAs(format: FormatId): FormatId {
  return format === "ehrnoteqa-jsonl" ? "notes-chatqa-json" : format === "fhir-r4" ? "ehr-decision-mcq-jsonl" : format;
}

/** The layout a dataset imported as `format` is written back in (EHRNoteQA has no writer: a notes-chatqa bundle). */
export function exportLayout(format: FormatId, head: Head): FileLayout[] {
  const bundle = (name: string, family: string): FileLayout[] => [
    { name, segments: [text([...bundleHead(head as NormalizedDataset, family)].join("")), PATIENTS, ITEMS, text("}\n")] },
  ];
  switch (format) {
    case "ehr-decision-mcq-json":
      return bundle("ehr-decision-mcq.json", "ehr-decision-mcq");
    case "ehr-decision-mcq-jsonl":
    case "fhir-r4": // written back as the JSONL pair (writtenAs)
      return [
        { name: "patients.jsonl", segments: [PATIENTS] },
        { name: "instances.jsonl", segments: [ITEMS] },
      ];
    case "ehrnote-chatqa-csv":
      return [
        { name: "notes.csv", segments: [PATIENTS] },
        { name: "questions.csv", segments: [ITEMS] },
      ];
    case "notes-chatqa-json":
    case "ehrnoteqa-jsonl":
      return bundle("notes-chatqa.json", "notes-chatqa");
  }
}

/** `"key": [ records… ]` with one record per line, as jsonArrayMember writes it. */
function jsonMember<T>(key: string, last: boolean, toWire: (x: T) => unknown): PartWriter<T> {
  let first = true;
  return {
    open: () => `  ${JSON.stringify(key)}: [`,
    record: (x) => {
      const s = `${first ? "\n" : ",\n"}    ${JSON.stringify(toWire(x))}`;
      first = false;
      return s;
    },
    close: () => `${first ? "" : "\n  "}]${last ? "\n" : ",\n"}`,
  };
}

function jsonLines<T>(toWire: (x: T) => unknown): PartWriter<T> {
  return { open: () => "", record: (x) => `${JSON.stringify(toWire(x))}\n`, close: () => "" };
}

/** Union of extra keys in first-seen order: the CSV's trailing columns. */
export function extraKeys(records: Iterable<{ extra?: Record<string, unknown> }>, into = new Set<string>()): Set<string> {
  for (const r of records) for (const k of Object.keys(r.extra ?? {})) into.add(k);
  return into;
}

function cell(v: unknown): string {
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

const mcq = (i: Item) => instanceToWire(i as McqItem);
const conversation = (i: Item) => conversationToWire(i as Conversation);

/** The patients' writer. notes.csv needs its trailing columns first: the extra keys of every note (`extraKeys`). */
export function patientsWriter(format: FormatId, noteExtras: readonly string[] = []): PartWriter<Patient> {
  switch (format) {
    case "ehr-decision-mcq-json":
      return jsonMember("patients", false, ehrPatientToWire);
    case "ehr-decision-mcq-jsonl":
    case "fhir-r4": // written back as the JSONL pair (writtenAs)
      return jsonLines(ehrPatientToWire);
    case "ehrnote-chatqa-csv":
      return {
        open: () => csvRow([...NOTES_CSV_COLUMNS, ...noteExtras]),
        record: (p) =>
          (p.notes ?? [])
            .map((n: Note) => csvRow([...noteToCsvFields(p.patientId, n), ...noteExtras.map((k) => cell(n.extra?.[k]))]))
            .join(""),
        close: () => "",
      };
    case "notes-chatqa-json":
    case "ehrnoteqa-jsonl":
      return jsonMember("patients", false, notesPatientToWire);
  }
}

/** The items' writer; questions.csv's trailing columns come from the items' turns. */
export function itemsWriter(format: FormatId, items: readonly Item[]): PartWriter<Item> {
  switch (format) {
    case "ehr-decision-mcq-json":
      return jsonMember("instances", true, mcq);
    case "ehr-decision-mcq-jsonl":
    case "fhir-r4": // written back as the JSONL pair (writtenAs)
      return jsonLines(mcq);
    case "ehrnote-chatqa-csv": {
      const extras = [...extraKeys(items.flatMap((i) => (i.kind === "conversation" ? i.turns : [])))];
      return {
        open: () => csvRow([...QUESTIONS_CSV_COLUMNS, ...extras]),
        record: (i) =>
          (i as Conversation).turns
            .map((t) => csvRow([...turnToCsvFields(i as Conversation, t), ...extras.map((k) => cell(t.extra?.[k]))]))
            .join(""),
        close: () => "",
      };
    }
    case "notes-chatqa-json":
    case "ehrnoteqa-jsonl":
      return jsonMember("conversations", true, conversation);
  }
}

/** All of a part's text at once (tests, small parts). */
export function writePart<T>(writer: PartWriter<T>, records: Iterable<T>): string {
  let out = writer.open();
  for (const r of records) out += writer.record(r);
  return out + writer.close();
}
