// Normalized in-memory model shared by every importer and exporter.
//
// Both benchmark families (decision-point MCQs over a longitudinal EHR, and
// multi-turn evidence QA over discharge summaries) land in the same shape so
// sampling / review / agreement code never branches on the file layout.
// Fields are camelCase; exporters map them back to the snake_case wire names.
// `null` is kept distinct from "absent" where the wire format allows both
// (e.g. `"evidence_text": null`) so a bundle can be written back unchanged, and
// unknown keys survive in `extra` for the same reason.

export type DatasetFamily = "ehr-decision-mcq" | "notes-chatqa";

/** The concrete file layout a dataset was read from (and can be written back to). */
export type FormatId =
  | "ehr-decision-mcq-json" // one JSON bundle
  | "ehr-decision-mcq-jsonl" // patients.jsonl + instances.jsonl
  | "notes-chatqa-json" // one JSON bundle
  | "ehrnote-chatqa-csv" // EHRNote-ChatQA release: notes.csv + questions.csv
  | "fhir-r4" // FHIR R4 Bundles and/or NDJSON (bulk export) + instances.jsonl (lib/formats/fhir)
  | "ehrnoteqa-jsonl"; // EHRNoteQA: raw or preprocessed (note_1…note_n) JSONL, + optional notes.csv or MIMIC-IV-Note discharge.csv(.gz)

export const FORMAT_FAMILY: Record<FormatId, DatasetFamily> = {
  "ehr-decision-mcq-json": "ehr-decision-mcq",
  "ehr-decision-mcq-jsonl": "ehr-decision-mcq",
  "notes-chatqa-json": "notes-chatqa",
  "ehrnote-chatqa-csv": "notes-chatqa",
  "ehrnoteqa-jsonl": "notes-chatqa",
  "fhir-r4": "ehr-decision-mcq",
};

/** Unknown wire keys, kept verbatim so exports do not silently drop data. */
export type Extra = Record<string, unknown>;

export const EVENT_TYPES = [
  "diagnosis",
  "lab_test",
  "vital_sign",
  "ultrasound",
  "clinical_note",
  "medication",
  "screening",
  "procedure",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVIDENCE_LEVELS = ["L1", "L2", "L3"] as const;
export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];

export const TURN_LABELS = ["A", "B", "C", "D", "E"] as const;
export type TurnLabel = (typeof TURN_LABELS)[number];

export interface Code {
  system: string;
  value: string;
  extra?: Extra;
}

export interface RefRange {
  low?: number | null;
  high?: number | null;
  extra?: Extra;
}

/** A measured value: used by single-value events and by each panel item. */
export interface Measurement {
  code?: Code | null;
  value?: number | string | boolean | null;
  unit?: string | null;
  refRange?: RefRange | null;
  flag?: string | null;
}

export interface EventItem extends Measurement {
  name: string;
  text?: string | null;
  extra?: Extra;
}

export interface EhrEvent extends Measurement {
  eventId: string;
  /** ISO 8601 as written in the source (not re-serialized, so exports are exact). */
  time: string;
  gaDays?: number | null;
  visitId?: string | null;
  type: EventType;
  name: string;
  /** Panels (e.g. an ultrasound with CRL + NT) instead of a single value. */
  items?: EventItem[];
  text?: string | null;
  lang?: string | null;
  extra?: Extra;
}

export interface NoteSection {
  /** Canonical header, e.g. "Brief Hospital Course". */
  title: string;
  /** The header exactly as it appears in the text, e.g. "BRIEF HOSPITAL COURSE:". */
  rawTitle: string;
  /** [start, end) character offsets into the note text; start is where rawTitle begins. */
  start: number;
  end: number;
}

export interface Note {
  noteNum: number;
  /** MIMIC-IV-Note id (`{subject_id}-DS-{note_seq}`); absent when the release left it empty. */
  noteId?: string;
  hadmId: number | null;
  /** Absent when the release left it empty. */
  noteSeq?: number;
  chartdate: string;
  storetime: string | null;
  text: string;
  sections: NoteSection[];
  extra?: Extra;
}

export interface Dating {
  lmpDate?: string | null;
  edd?: string | null;
  method?: string | null;
  extra?: Extra;
}

export interface Patient {
  /** External id: `patient_id` (EHR family) or `subject_id` / `patient_id` (notes family, digits). */
  patientId: string;
  pregnancyId?: string | null;
  demographics?: Record<string, unknown>;
  dating?: Dating | null;
  events?: EhrEvent[];
  notes?: Note[];
  /** EHRNoteQA only: the declared number of notes joined from MIMIC-IV. */
  numNotes?: number;
  extra?: Extra;
}

export interface McqOption {
  label: string;
  text: string;
  extra?: Extra;
}

export interface Cutoff {
  time: string;
  gaDays?: number | null;
  visitId?: string | null;
  extra?: Extra;
}

export interface McqItem {
  kind: "mcq";
  instanceId: string;
  patientId: string;
  pregnancyId?: string | null;
  cutoff: Cutoff;
  decisionPointIndex: number;
  chapter: string;
  ruleId: string;
  ruleText?: string | null;
  evidenceLevel: EvidenceLevel;
  question: string;
  options: McqOption[];
  answer: string;
  evidenceEventIds: string[];
  evidenceText?: string | null;
  scopes?: string[] | null;
  extra?: Extra;
}

export interface SourceRef {
  noteNum: number;
  headers: string[];
}

export interface TurnOption {
  label: TurnLabel;
  text: string;
}

export interface Turn {
  turnOrder: number;
  turnIndex: number;
  turnType: "content" | "source";
  question: string;
  /** Always the five labels A–E in order. */
  options: TurnOption[];
  answer: TurnLabel;
  /** Source turns only: parsed from the text of the correct option. */
  goldSources?: SourceRef[];
  extra?: Extra;
}

export interface Conversation {
  kind: "conversation";
  /** `${patientId}:${qaCategory}` (ChatQA) or `${patientId}:q${n}` (EHRNoteQA). */
  conversationId: string;
  patientId: string;
  qaCategory: string;
  turns: Turn[];
  extra?: Extra;
}

export type Item = McqItem | Conversation;

export interface NormalizedDataset {
  family: DatasetFamily;
  format: FormatId;
  /** `format_version` of a bundle; absent for layouts that do not carry one. */
  formatVersion?: string;
  /** The bundle's `dataset` object (name, language, synthetic, …), verbatim. */
  meta: Record<string, unknown>;
  patients: Patient[];
  items: Item[];
  /** Unknown top-level bundle keys. */
  extra?: Extra;
}

export function itemKey(item: Item): string {
  return item.kind === "mcq" ? item.instanceId : item.conversationId;
}
