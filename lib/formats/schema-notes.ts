// zod schemas for the notes family: the `notes-chatqa` v1 JSON bundle, the
// EHRNote-ChatQA release CSVs (rows of strings) and EHRNoteQA JSONL rows.
import { z } from "zod";
import { TURN_LABELS } from "./model";
import { integerKeyProblem, intId, intText, isoDate, isoDateTime, nonEmpty } from "./primitives";
import { zodSays } from "./issues";
import { formatVersionSchema } from "./schema-ehr";

/** JSON integer key; a string that a spreadsheet turned into a date gets a precise message. */
const intKey = z.int({
  error: (iss) =>
    typeof iss.input === "string"
      ? (integerKeyProblem(iss.input) ?? zodSays("formats.integerAsString", { got: JSON.stringify(iss.input) }))
      : zodSays("formats.expectedInteger", { got: JSON.stringify(iss.input) }),
});

const turnType = z.enum(["content", "source"]);
const label = z.enum(TURN_LABELS);

export const sectionSchema = z
  .looseObject({ title: nonEmpty, raw_title: z.string(), start: z.int().min(0), end: z.int().min(0) })
  .superRefine((s, ctx) => {
    if (s.end < s.start)
      ctx.addIssue({
        code: "custom",
        path: ["end"],
        message: zodSays("formats.endBeforeStart", { end: String(s.end), start: String(s.start) }),
      });
  });

export const noteSchema = z.looseObject({
  note_num: intKey.min(1),
  // Provenance back to MIMIC-IV-Note; the release writer leaves it out when its input lacks it.
  note_id: nonEmpty.optional(),
  hadm_id: intKey.nonnegative().nullable(),
  note_seq: intKey.nonnegative().optional(),
  chartdate: isoDate,
  storetime: isoDateTime.nullable(),
  text: z.string(),
  sections: z.array(sectionSchema).optional(),
});

export const notesPatientSchema = z.looseObject({
  subject_id: intId,
  notes: z.array(noteSchema).optional(),
});

export const goldSourceSchema = z.looseObject({ note_num: intKey.min(1), headers: z.array(z.string()) });

export const OPTION_COLUMNS = ["option_a", "option_b", "option_c", "option_d", "option_e"] as const;

const optionShape = {
  option_a: z.string(),
  option_b: z.string(),
  option_c: z.string(),
  option_d: z.string(),
  option_e: z.string(),
};

export const turnSchema = z.looseObject({
  turn_order: intKey.min(1),
  turn_index: intKey.min(1),
  turn_type: turnType,
  question: z.string(), // an empty stem is a finding, not a refusal
  ...optionShape,
  correct_answer: label,
  gold_sources: z.array(goldSourceSchema).optional(),
});

export const conversationSchema = z.looseObject({
  subject_id: intId,
  qa_category: nonEmpty,
  turns: z.array(z.unknown()).min(1),
});

export const notesBundleSchema = z.looseObject({
  format: z.literal("notes-chatqa"),
  format_version: formatVersionSchema,
  dataset: z.record(z.string(), z.unknown()),
  patients: z.array(z.unknown()),
  conversations: z.array(z.unknown()),
});

// ---- EHRNote-ChatQA release CSVs: every cell is text --------------------------

export const NOTES_CSV_COLUMNS = ["subject_id", "note_num", "note_id", "hadm_id", "note_seq", "chartdate", "storetime", "text"] as const;
export const QUESTIONS_CSV_COLUMNS = [
  "subject_id",
  "qa_category",
  "turn_order",
  "turn_index",
  "turn_type",
  "question",
  ...OPTION_COLUMNS,
  "correct_answer",
] as const;

/** Numbering that starts at 1, as in the JSON bundle (`intKey.min(1)`). */
const positiveIntText = intText.pipe(z.int().min(1));

const emptyTo = <T extends z.ZodType, E extends null | undefined>(inner: T, empty: E) =>
  z.string().transform((v, ctx) => {
    if (v === "") return empty;
    const r = inner.safeParse(v);
    if (r.success) return r.data as z.output<T>;
    for (const i of r.error.issues) ctx.addIssue({ code: "custom", message: i.message });
    return z.NEVER;
  });
const emptyToNull = <T extends z.ZodType>(inner: T) => emptyTo(inner, null);
/** The data dictionary's "Empty when the input CSV carries no …": stored as absent. */
const emptyToAbsent = <T extends z.ZodType>(inner: T) => emptyTo(inner, undefined);

export const notesCsvRowSchema = z.object({
  subject_id: intText,
  note_num: positiveIntText,
  note_id: emptyToAbsent(nonEmpty),
  hadm_id: emptyToNull(intText),
  note_seq: emptyToAbsent(intText),
  chartdate: isoDate,
  storetime: emptyToNull(isoDateTime),
  text: z.string(),
});

export const questionsCsvRowSchema = z.object({
  subject_id: intText,
  qa_category: nonEmpty,
  turn_order: positiveIntText,
  turn_index: positiveIntText,
  turn_type: turnType,
  question: z.string(),
  ...optionShape,
  correct_answer: label,
});

// ---- EHRNoteQA JSONL ------------------------------------------------------------

export const EHRNOTEQA_CHOICES = ["choice_A", "choice_B", "choice_C", "choice_D", "choice_E"] as const;

export const ehrNoteQaRowSchema = z.looseObject({
  patient_id: intId,
  num_notes: intKey.min(0),
  question: z.string(),
  choice_A: z.string(),
  choice_B: z.string(),
  choice_C: z.string(),
  choice_D: z.string(),
  choice_E: z.string(),
  answer: label,
});

// ---- MIMIC-IV-Note discharge.csv(.gz), joined to the raw EHRNoteQA release ---------

export const DISCHARGE_CSV_COLUMNS = [
  "note_id",
  "subject_id",
  "hadm_id",
  "note_type",
  "note_seq",
  "charttime",
  "storetime",
  "text",
] as const;

export const dischargeCsvRowSchema = z.object({
  note_id: nonEmpty,
  subject_id: intText,
  hadm_id: emptyToNull(intText),
  note_type: z.string(),
  note_seq: emptyToAbsent(intText),
  charttime: isoDateTime,
  storetime: emptyToNull(isoDateTime),
  text: z.string(),
});

export type RawNote = z.infer<typeof noteSchema>;
export type RawTurn = z.infer<typeof turnSchema>;
export type NotesCsvRow = z.infer<typeof notesCsvRowSchema>;
export type QuestionsCsvRow = z.infer<typeof questionsCsvRowSchema>;
export type EhrNoteQaRow = z.infer<typeof ehrNoteQaRowSchema>;
export type DischargeCsvRow = z.infer<typeof dischargeCsvRowSchema>;
