// zod schemas for the notes family: the `notes-chatqa` v1 JSON bundle, the
// EHRNote-ChatQA release CSVs (rows of strings) and EHRNoteQA JSONL rows.
import { z } from "zod";
import { TURN_LABELS } from "./model";
import { integerKeyProblem, intId, intText, isoDate, isoDateTime, nonEmpty } from "./primitives";
import { formatVersionSchema } from "./schema-ehr";

/** JSON integer key; a string that a spreadsheet turned into a date gets a precise message. */
const intKey = z.int({
  error: (iss) =>
    typeof iss.input === "string"
      ? (integerKeyProblem(iss.input) ?? `expected a JSON integer, got the string ${JSON.stringify(iss.input)}`)
      : `malformed number: expected an integer, got ${JSON.stringify(iss.input)}`,
});

const turnType = z.enum(["content", "source"]);
const label = z.enum(TURN_LABELS);

export const sectionSchema = z
  .looseObject({ title: nonEmpty, raw_title: z.string(), start: z.int().min(0), end: z.int().min(0) })
  .superRefine((s, ctx) => {
    if (s.end < s.start) ctx.addIssue({ code: "custom", path: ["end"], message: `end ${s.end} is before start ${s.start}` });
  });

export const noteSchema = z.looseObject({
  note_num: intKey.min(1),
  note_id: nonEmpty,
  hadm_id: intKey.nonnegative().nullable(),
  note_seq: intKey.nonnegative(),
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
  question: nonEmpty,
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

const emptyToNull = <T extends z.ZodType>(inner: T) =>
  z.string().transform((v, ctx) => {
    if (v === "") return null;
    const r = inner.safeParse(v);
    if (r.success) return r.data as z.output<T>;
    for (const i of r.error.issues) ctx.addIssue({ code: "custom", message: i.message });
    return z.NEVER;
  });

export const notesCsvRowSchema = z.object({
  subject_id: intText,
  note_num: positiveIntText,
  note_id: nonEmpty,
  hadm_id: emptyToNull(intText),
  note_seq: intText,
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
  question: nonEmpty,
  ...optionShape,
  correct_answer: label,
});

// ---- EHRNoteQA JSONL ------------------------------------------------------------

export const EHRNOTEQA_CHOICES = ["choice_A", "choice_B", "choice_C", "choice_D", "choice_E"] as const;

export const ehrNoteQaRowSchema = z.looseObject({
  patient_id: intId,
  num_notes: intKey.min(0),
  question: nonEmpty,
  choice_A: z.string(),
  choice_B: z.string(),
  choice_C: z.string(),
  choice_D: z.string(),
  choice_E: z.string(),
  answer: label,
});

export type RawNote = z.infer<typeof noteSchema>;
export type RawTurn = z.infer<typeof turnSchema>;
export type NotesCsvRow = z.infer<typeof notesCsvRowSchema>;
export type QuestionsCsvRow = z.infer<typeof questionsCsvRowSchema>;
export type EhrNoteQaRow = z.infer<typeof ehrNoteQaRowSchema>;
