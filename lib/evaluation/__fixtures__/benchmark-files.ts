/**
 * Synthetic files in the benchmarks' published layouts, for the reply-file tests, the CLI
 * test and the e2e flow: an EHRNote-ChatQA release (notes.csv + questions.csv, as
 * data_generation/multiturn_gpt_step5_release_tables.py writes them), an answers_<model>.csv
 * as evaluation/multiturn_gpt_evaluate.py writes it (pandas to_csv of subject_id,
 * qa_category and model_answer = json.dumps of the replies), and EHRNoteQA's JSONL with its
 * generate.py output CSV. Our own invented text, no patient data.
 */
import { csvRow } from "../../formats/csv";

const LETTERS = ["A", "B", "C", "D", "E"] as const;
export interface ChatQaSubject {
  subject: string;
  category: string;
  /** Gold letters of each QA: [content, source]. */
  gold: [string, string][];
}

/** Four subjects, one conversation each, 1–3 QAs. */
export const CHATQA_SUBJECTS: ChatQaSubject[] = [
  {
    subject: "910001",
    category: "medication",
    gold: [
      ["A", "B"],
      ["C", "A"],
      ["E", "D"],
    ],
  },
  { subject: "910002", category: "diagnosis", gold: [["B", "B"]] },
  {
    subject: "910003",
    category: "procedure",
    gold: [
      ["D", "C"],
      ["A", "E"],
    ],
  },
  {
    subject: "910004",
    category: "microbiology",
    gold: [
      ["C", "A"],
      ["B", "B"],
    ],
  },
];

const NOTE_TEXT =
  "Chief Complaint:\nshortness of breath\n\nBrief Hospital Course:\nDiuresed, improved.\n\nDischarge Medications:\nfurosemide 40 mg daily";
const src = (headers: string) => `Note #1 Chartdate: 2150-03-02 Headers: ${headers}`;
const SOURCE_OPTIONS = [
  src("Brief Hospital Course"),
  src("Chief Complaint"),
  src("Discharge Medications"),
  src("Brief Hospital Course, Discharge Medications"),
  src("Chief Complaint, Brief Hospital Course"),
];

/** `tag` is added to every note's text: a fresh tag gives a fresh dataset checksum. */
export function chatQaRelease(
  subjects: readonly ChatQaSubject[] = CHATQA_SUBJECTS,
  tag = "",
): { "notes.csv": string; "questions.csv": string } {
  const notes = [csvRow(["subject_id", "note_num", "note_id", "hadm_id", "note_seq", "chartdate", "storetime", "text"])];
  const questions = [
    csvRow([
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
    ]),
  ];
  for (const s of subjects) {
    notes.push(
      csvRow([
        s.subject,
        "1",
        `${s.subject}-DS-1`,
        `8${s.subject.slice(1)}`,
        "1",
        "2150-03-02",
        "2150-03-02 14:20:00",
        NOTE_TEXT + (tag ? `\n\nFollowup Instructions:\n${tag}` : ""),
      ]),
    );
    s.gold.forEach(([content, source], i) => {
      const n = i + 1;
      questions.push(
        csvRow([
          s.subject,
          s.category,
          String(2 * n - 1),
          String(n),
          "content",
          `Question ${n} about the stay?`,
          ...LETTERS.map((l) => `answer ${l}${n}`),
          content,
        ]),
      );
      questions.push(
        csvRow([s.subject, s.category, String(2 * n), String(n), "source", "Which sources support it?", ...SOURCE_OPTIONS, source]),
      );
    });
  }
  return { "notes.csv": notes.join(""), "questions.csv": questions.join("") };
}

/** Python's json.dumps with its defaults: ", " and ": " separators, non-ASCII as \uXXXX. */
export function pyJsonDumps(value: Record<string, string | null>): string {
  const ascii = (s: string) => JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `{${Object.entries(value)
    .map(([k, v]) => `${ascii(k)}: ${v === null ? "null" : ascii(v)}`)
    .join(", ")}}`;
}

/** pandas to_csv(index=False): minimal quoting, "\n" line ends. */
export function answersCsv(rows: readonly { subject: string; category: string; replies: Record<string, string | null> }[]): string {
  return [
    csvRow(["subject_id", "qa_category", "model_answer"]),
    ...rows.map((r) => csvRow([r.subject, r.category, pyJsonDumps(r.replies)])),
  ].join("");
}

/**
 * Replies of one model to CHATQA_SUBJECTS, each with the letter the benchmark's rule reads
 * (null: unparseable), so a test can score them without our letter extraction.
 */
export const CHATQA_REPLIES: {
  subject: string;
  category: string;
  replies: Record<string, [reply: string | null, letter: string | null]>;
}[] = [
  {
    subject: "910001",
    category: "medication",
    replies: {
      "1": ["A", "A"],
      "1-1": ["The correct answer is **B**.", "B"],
      "2": ["Answer: C", "C"],
      "2-1": ["Based on the notes, the medication list is in note 1.", null],
      "3": ["<think>maybe A</think>\nE", "E"],
      "3-1": ["D) both sections", "D"],
    },
  },
  { subject: "910002", category: "diagnosis", replies: { "1": ["C", "C"], "1-1": ["B", "B"] } },
  {
    subject: "910003",
    category: "procedure",
    replies: {
      "1": ["I pick option D.", "D"],
      "1-1": ["", null],
      "2": ["A", "A"], // "2-1" missing: counted unparseable, as the benchmark does
    },
  },
  {
    subject: "910004",
    category: "microbiology",
    replies: { "1": ["C.\nThe culture grew E. coli.", "C"], "1-1": ["Answer - (A)", "A"], "2": ["Definitely B", null], "2-1": ["B", "B"] },
  },
];

export function chatQaAnswersCsv(): string {
  return answersCsv(
    CHATQA_REPLIES.map((r) => ({
      subject: r.subject,
      category: r.category,
      replies: Object.fromEntries(Object.entries(r.replies).map(([k, [reply]]) => [k, reply])),
    })),
  );
}

// ---- EHRNoteQA -----------------------------------------------------------------------

export const EHRNOTEQA_ROWS = [
  { patient_id: 920001, gold: "C", reply: "C. Heparin drip", letter: "C" },
  { patient_id: 920002, gold: "A", reply: "The answer is B", letter: "B" },
  { patient_id: 920003, gold: "E", reply: "Based on the discharge summary, the patient went home.", letter: null },
  { patient_id: 920003, gold: "B", reply: "", letter: null },
  { patient_id: 920004, gold: "D", reply: "**D**", letter: "D" },
];

const choices = (p: number) => Object.fromEntries(LETTERS.map((l) => [`choice_${l}`, `choice ${l} for ${p}`]));

export function ehrNoteQaJsonl(): string {
  return (
    EHRNOTEQA_ROWS.map((r) =>
      JSON.stringify({
        patient_id: r.patient_id,
        num_notes: 1,
        question: `What was given to ${r.patient_id}?`,
        ...choices(r.patient_id),
        answer: r.gold,
      }),
    ).join("\n") + "\n"
  );
}

/** generate.py's output: the preprocessed columns (note_1…note_3) plus the model's column. */
export function ehrNoteQaOutputCsv(model = "gpt-4-1106-preview", extra: string[] = []): string {
  const header = [
    "patient_id",
    "num_notes",
    "question",
    ...LETTERS.map((l) => `choice_${l}`),
    "answer",
    "note_1",
    "note_2",
    "note_3",
    ...extra,
    model,
  ];
  const lines = [csvRow(header)];
  for (const r of EHRNOTEQA_ROWS) {
    const c = choices(r.patient_id);
    lines.push(
      csvRow([
        String(r.patient_id),
        "1",
        `What was given to ${r.patient_id}?`,
        ...LETTERS.map((l) => c[`choice_${l}`] as string),
        r.gold,
        `Patient ID : ${r.patient_id}\nChartdate : 2150-01-01\nBrief Hospital Course: stable`,
        "",
        "",
        ...extra.map(() => "x"),
        r.reply,
      ]),
    );
  }
  return lines.join("");
}
