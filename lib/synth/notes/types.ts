/** Output shapes of the `notes-chatqa` v1 format (see the shared README and example). */

export interface NoteSection {
  title: string;
  raw_title: string;
  /** Offsets into `text`: start of the raw header, end of the section body (exclusive). */
  start: number;
  end: number;
}

export interface DischargeNote {
  note_num: number;
  note_id: string;
  hadm_id: number;
  note_seq: number;
  chartdate: string;
  storetime: string;
  text: string;
  sections: NoteSection[];
}

export interface NotesPatient {
  subject_id: number;
  notes: DischargeNote[];
}

export interface GoldSource {
  note_num: number;
  headers: string[];
}

export interface Turn {
  turn_order: number;
  turn_index: number;
  turn_type: "content" | "source";
  question: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  option_e: string;
  correct_answer: "A" | "B" | "C" | "D" | "E";
  gold_sources?: GoldSource[];
}

export const QA_CATEGORIES = [
  "clinical_assessment",
  "clinical_outcome",
  "diagnosis",
  "disch_plan",
  "medication",
  "microbiology",
  "procedure",
  "symptom",
] as const;
export type QaCategory = (typeof QA_CATEGORIES)[number];

export interface Conversation {
  subject_id: number;
  qa_category: QaCategory;
  turns: Turn[];
}

export interface NotesBundle {
  format: "notes-chatqa";
  format_version: "1.0";
  dataset: { name: string; synthetic: true };
  patients: NotesPatient[];
  conversations: Conversation[];
}

// The canonical section titles are the format's own list, so generator and importer agree.
export { CANONICAL_HEADERS, type CanonicalHeader as Header } from "../../formats/sections";
