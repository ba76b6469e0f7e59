// Valid datasets to break: small synthetic benchmarks (lib/synth, three seeds each), trimmed
// so one validation takes a few milliseconds, and their records in every import layout.
import { generateEhrBundle, generateNotesBundle } from "../../../synth";

/** A wire record (JSON object, or a CSV row of strings). */
// biome-ignore lint/suspicious/noExplicitAny: malformed fixtures put any shape in any field
export type Rec = Record<string, any>;

export interface EhrBase {
  header: Rec;
  patients: Rec[];
  instances: Rec[];
}

export interface NotesBase {
  header: Rec;
  patients: Rec[];
  conversations: Rec[];
}

const SEEDS = ["prop-1", "prop-2", "prop-3"];
/** As the files will hold it: no `undefined` members (the line oracle counts keys). */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const EVENTS_KEPT = 12;

/** Keeps the first events of each patient plus every event an instance cites (still valid). */
function trimEhr(seed: string): EhrBase {
  const { bundle } = generateEhrBundle({ seed, size: "demo", patients: 3, instances: 6 });
  const cited = new Set(bundle.instances.flatMap((i) => i.evidence_event_ids.map((e) => `${i.patient_id}/${e}`)));
  const patients = bundle.patients.map((p) => ({
    ...p,
    events: p.events.filter((e, k) => k < EVENTS_KEPT || cited.has(`${p.patient_id}/${e.event_id}`)),
  }));
  const { format, format_version, dataset } = bundle;
  return plain({ header: { format, format_version, dataset }, patients, instances: bundle.instances });
}

function trimNotes(seed: string): NotesBase {
  const { bundle } = generateNotesBundle({ seed, size: "demo", patients: 3 });
  const { format, format_version, dataset } = bundle;
  // Two conversations per patient at most: enough pairs of turns to reorder and duplicate.
  const perPatient = new Map<number, number>();
  const conversations = bundle.conversations.filter((c) => {
    const n = perPatient.get(c.subject_id) ?? 0;
    perPatient.set(c.subject_id, n + 1);
    return n < 2;
  });
  return plain({ header: { format, format_version, dataset }, patients: bundle.patients, conversations });
}

let ehr: EhrBase[] | undefined;
let notes: NotesBase[] | undefined;
/** A fresh copy of base `k` (mutations edit it in place). */
export const ehrBase = (k: number): EhrBase => plain((ehr ??= SEEDS.map(trimEhr))[k % SEEDS.length]!);
export const notesBase = (k: number): NotesBase => plain((notes ??= SEEDS.map(trimNotes))[k % SEEDS.length]!);
export const BASE_COUNT = SEEDS.length;

// ---- the release tables derived from a notes base ----------------------------------

export const NOTES_COLUMNS = ["subject_id", "note_num", "note_id", "hadm_id", "note_seq", "chartdate", "storetime", "text"];
export const QUESTION_COLUMNS = [
  "subject_id",
  "qa_category",
  "turn_order",
  "turn_index",
  "turn_type",
  "question",
  "option_a",
  "option_b",
  "option_c",
  "option_d",
  "option_e",
  "correct_answer",
];
export const EHRNOTEQA_CHOICES = ["choice_A", "choice_B", "choice_C", "choice_D", "choice_E"];

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** notes.csv rows (every cell a string). */
export function noteRows(base: NotesBase): Rec[] {
  return base.patients.flatMap((p) =>
    (p.notes as Rec[]).map((n) => Object.fromEntries(NOTES_COLUMNS.map((c) => [c, text(c === "subject_id" ? p.subject_id : n[c])]))),
  );
}

/** questions.csv rows: one per turn. */
export function questionRows(base: NotesBase): Rec[] {
  return base.conversations.flatMap((c) =>
    (c.turns as Rec[]).map((t) => Object.fromEntries(QUESTION_COLUMNS.map((k) => [k, text(k in t ? t[k] : c[k])]))),
  );
}

/** EHRNoteQA rows: the content turns, one single-turn question each. */
export function ehrNoteQaRows(base: NotesBase): Rec[] {
  const numNotes = new Map(base.patients.map((p) => [p.subject_id, (p.notes as Rec[]).length]));
  return base.conversations.flatMap((c) =>
    (c.turns as Rec[])
      .filter((t) => t.turn_type === "content")
      .map((t) => ({
        patient_id: c.subject_id,
        num_notes: numNotes.get(c.subject_id),
        question: t.question,
        ...Object.fromEntries(EHRNOTEQA_CHOICES.map((k, i) => [k, t[QUESTION_COLUMNS[6 + i]!]])),
        answer: t.correct_answer,
      })),
  );
}
