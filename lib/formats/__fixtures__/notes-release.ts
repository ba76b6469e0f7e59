// Discharge-summary benchmarks written the way their authors' public code writes them, with
// our own synthetic text (no real patient data):
//  - EHRNote-ChatQA: data_generation/multiturn_gpt_step5_release_tables.py (pandas to_csv,
//    QUOTE_MINIMAL, "\n"; note_id / note_seq / storetime empty when its input lacks them;
//    data_dictionary.csv and SHA256SUMS.txt beside), plus what a spreadsheet makes of it;
//  - EHRNoteQA: the raw release JSONL, MIMIC-IV-Note discharge.csv, and the preprocessed
//    EHRNoteQA_processed.jsonl that src/preprocessing/preprocess.py writes (pandas to_json,
//    records, lines: "/" escaped as "\/", non-ASCII as \uXXXX).
import { createHash } from "node:crypto";
import { transformString } from "../ehrnoteqa";

type Row = Record<string, string | number>;

/** One field as Python's csv writer quotes it (QUOTE_MINIMAL, or QUOTE_ALL). */
const field = (v: string | number, all: boolean) => {
  const s = String(v);
  return all || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** pandas `DataFrame.to_csv(index=False, quoting=…, lineterminator=…)`. */
export function pandasCsv(columns: readonly string[], rows: readonly Row[], options: { eol?: string; quoteAll?: boolean } = {}): string {
  const eol = options.eol ?? "\n";
  const all = options.quoteAll ?? false;
  return [columns, ...rows.map((r) => columns.map((c) => r[c] ?? ""))]
    .map((cells) => cells.map((c) => field(c, all)).join(",") + eol)
    .join("");
}

export const NOTES_COLUMNS = ["subject_id", "note_num", "note_id", "hadm_id", "note_seq", "chartdate", "storetime", "text"];
export const QUESTIONS_COLUMNS = [
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

const body = (admission: number, date: string, sections: Record<string, string>) =>
  `Admission ID : ${admission}\nChartdate : ${date}\n` +
  Object.entries(sections)
    .map(([h, t]) => `${h}:\n${t}`)
    .join("\n");

/** Synthetic discharge summaries: subject 900001 has two, 900002 one (no Discharge Instructions). */
export const CHATQA_NOTES = [
  {
    subject_id: 900001,
    note_num: 1,
    hadm_id: 800001,
    seq: 1,
    chartdate: "2150-03-02",
    storetime: "2150-03-02 14:20:00",
    text: body(800001, "2150-03-02", {
      "Chief Complaint": "fever, chills",
      "Brief Hospital Course": 'Urine culture grew E. coli; treated with "ceftriaxone", then oral cefpodoxime.',
      "Discharge Medications": "cefpodoxime 200 mg twice daily",
    }),
  },
  {
    subject_id: 900001,
    note_num: 2,
    hadm_id: 800002,
    seq: 2,
    chartdate: "2150-06-10",
    storetime: "2150-06-10 09:05:00",
    text: body(800002, "2150-06-10", {
      "Chief Complaint": "dysuria",
      "Pertinent Results": "urine culture: no growth",
      "Discharge Instructions": "Drink fluids; return if fever.",
    }),
  },
  {
    subject_id: 900002,
    note_num: 1,
    hadm_id: 800010,
    seq: 4,
    chartdate: "2151-01-20",
    storetime: "2151-01-21 08:00:00",
    text: body(800010, "2151-01-20", {
      "Chief Complaint": "palpitations",
      "Brief Hospital Course": "Rate controlled with metoprolol.",
      "Discharge Medications": "metoprolol succinate 50 mg daily",
    }),
  },
];

/** notes.csv as step 5 writes it; `provenance: false` is its input without note_seqs / storetimes. */
export function chatQaNotesRows(provenance: boolean): Row[] {
  return CHATQA_NOTES.map((n) => ({
    subject_id: n.subject_id,
    note_num: n.note_num,
    note_id: provenance ? `${n.subject_id}-DS-${n.seq}` : "",
    hadm_id: n.hadm_id,
    note_seq: provenance ? n.seq : "",
    chartdate: n.chartdate,
    storetime: provenance ? n.storetime : "",
    text: n.text,
  }));
}

const src = (n: number, date: string, headers: string) => `Note #${n} Chartdate: ${date} Headers: ${headers}`;
const turn = (
  subject: number,
  category: string,
  order: number,
  index: number,
  type: string,
  question: string,
  options: string[],
  answer: string,
): Row => ({
  subject_id: subject,
  qa_category: category,
  turn_order: order,
  turn_index: index,
  turn_type: type,
  question,
  option_a: options[0]!,
  option_b: options[1]!,
  option_c: options[2]!,
  option_d: options[3]!,
  option_e: options[4]!,
  correct_answer: answer,
});

/**
 * questions.csv: 900001 is clean. 900002 carries the defects the writer only warns about or
 * passes through: turn 1 duplicates the correct answer ("Metoprolol." = "metoprolol" after
 * its normalisation), turn 3 has no question text, turn 4's gold cites a section the note lacks.
 */
export function chatQaQuestionRows(): Row[] {
  const d1 = "2150-03-02";
  const d2 = "2150-06-10";
  const d3 = "2151-01-20";
  return [
    turn(
      900001,
      "microbiology",
      1,
      1,
      "content",
      "Which organism grew in the urine culture?",
      ["E. coli", "Klebsiella", "Proteus", "Enterococcus", "No growth"],
      "A",
    ),
    turn(
      900001,
      "microbiology",
      2,
      1,
      "source",
      "Which note sections support that answer?",
      [
        src(1, d1, "Brief Hospital Course"),
        src(1, d1, "Chief Complaint"),
        src(2, d2, "Pertinent Results"),
        src(2, d2, "Discharge Instructions"),
        src(1, d1, "Discharge Medications"),
      ],
      "A",
    ),
    turn(
      900001,
      "microbiology",
      3,
      2,
      "content",
      "What did the later culture show?",
      ["E. coli", "No growth", "Candida", "MRSA", "Not done"],
      "B",
    ),
    turn(
      900001,
      "microbiology",
      4,
      2,
      "source",
      "Which note sections support that answer?",
      [
        src(1, d1, "Brief Hospital Course"),
        src(2, d2, "Pertinent Results"),
        src(2, d2, "Chief Complaint"),
        src(1, d1, "Chief Complaint"),
        src(2, d2, "Discharge Instructions"),
      ],
      "B",
    ),
    turn(
      900002,
      "medication",
      1,
      1,
      "content",
      "Which drug controlled the heart rate?",
      ["Metoprolol.", "Diltiazem", "Digoxin", "Amiodarone", "metoprolol"],
      "A",
    ),
    turn(
      900002,
      "medication",
      2,
      1,
      "source",
      "Which note sections support that answer?",
      [
        src(1, d3, "Brief Hospital Course"),
        src(1, d3, "Chief Complaint"),
        src(1, d3, "Discharge Medications"),
        src(1, d3, "Brief Hospital Course, Chief Complaint"),
        src(1, d3, "Pertinent Results"),
      ],
      "A",
    ),
    turn(900002, "medication", 3, 2, "content", "", ["50 mg daily", "25 mg daily", "100 mg daily", "50 mg twice daily", "As needed"], "A"),
    turn(
      900002,
      "medication",
      4,
      2,
      "source",
      "Which note sections support that answer?",
      [
        src(1, d3, "Discharge Instructions"),
        src(1, d3, "Chief Complaint"),
        src(1, d3, "Brief Hospital Course"),
        src(1, d3, "Pertinent Results"),
        src(1, d3, "Discharge Medications, Chief Complaint"),
      ],
      "A",
    ),
  ];
}

const DICTIONARY_COLUMNS = ["file", "column", "type", "description"];
const DICTIONARY: Row[] = [
  {
    file: "notes.csv",
    column: "note_id",
    type: "string",
    description:
      "MIMIC-IV-Note discharge summary identifier, formatted {subject_id}-DS-{note_seq}. Empty when the input CSV carries no note_seqs column.",
  },
  {
    file: "notes.csv",
    column: "storetime",
    type: "timestamp (YYYY-MM-DD HH:MM:SS)",
    description: "Time the note was stored. Empty when the input CSV carries no storetimes column.",
  },
];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The whole release directory as step 5 writes it. */
export function chatQaRelease(
  options: { provenance?: boolean; eol?: string; quoteAll?: boolean; bom?: boolean; questions?: Row[] } = {},
): Record<string, string> {
  const csv = { eol: options.eol ?? "\n", quoteAll: options.quoteAll ?? false };
  const bom = options.bom ? "\uFEFF" : "";
  const notes = bom + pandasCsv(NOTES_COLUMNS, chatQaNotesRows(options.provenance ?? false), csv);
  const questions = bom + pandasCsv(QUESTIONS_COLUMNS, options.questions ?? chatQaQuestionRows(), csv);
  const dictionary = pandasCsv(DICTIONARY_COLUMNS, DICTIONARY, csv);
  const sums = [
    ["notes.csv", notes],
    ["questions.csv", questions],
    ["data_dictionary.csv", dictionary],
  ]
    .map(([n, t]) => `${sha256(t!)}  ${n}\n`)
    .join("");
  return { "notes.csv": notes, "questions.csv": questions, "data_dictionary.csv": dictionary, "SHA256SUMS.txt": sums };
}

/** Text as Windows-1252 bytes (what a spreadsheet "Save as CSV" writes on Windows): é, ’ and – outside ASCII. */
export function windows1252(text: string): Uint8Array {
  const table: Record<string, number> = { é: 0xe9, "’": 0x92, "–": 0x96 };
  return Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : (table[c] ?? 0x3f))));
}

// ---- EHRNoteQA -------------------------------------------------------------------------

export const DISCHARGE_COLUMNS = ["note_id", "subject_id", "hadm_id", "note_type", "note_seq", "charttime", "storetime", "text"];

/** MIMIC-IV-Note-shaped discharge rows (synthetic): 700001 has four notes, out of charttime order; 700099 is in no question. */
export const DISCHARGE_ROWS: Row[] = [
  {
    note_id: "700001-DS-3",
    subject_id: 700001,
    hadm_id: 600003,
    note_type: "DS",
    note_seq: 3,
    charttime: "2160-09-01 00:00:00",
    storetime: "2160-09-02 10:00:00",
    text: " \nName:  ___   Unit No: ___\n \nChief Complaint:\n  shortness of breath\n \nDischarge Diagnosis:\nheart failure   exacerbation\n",
  },
  {
    note_id: "700001-DS-1",
    subject_id: 700001,
    hadm_id: 600001,
    note_type: "DS",
    note_seq: 1,
    charttime: "2160-01-15 00:00:00",
    storetime: "2160-01-16 11:30:00",
    text: "Chief Complaint:\nleg swelling\n\n\nBrief Hospital Course:\nDiuresed with furosemide.\nDischarge Medications:\nfurosemide 40 mg daily",
  },
  {
    note_id: "700099-DS-1",
    subject_id: 700099,
    hadm_id: 600099,
    note_type: "DS",
    note_seq: 1,
    charttime: "2160-02-01 00:00:00",
    storetime: "2160-02-02 08:00:00",
    text: "Chief Complaint:\nnot in the benchmark",
  },
  {
    note_id: "700001-DS-2",
    subject_id: 700001,
    hadm_id: 600002,
    note_type: "DS",
    note_seq: 2,
    charttime: "2160-05-20 00:00:00",
    storetime: "",
    text: "Chief Complaint:\ncough\nDischarge Instructions:\nUse the inhaler / spacer.",
  },
  {
    note_id: "700001-DS-4",
    subject_id: 700001,
    hadm_id: 600004,
    note_type: "DS",
    note_seq: 4,
    charttime: "2161-03-03 00:00:00",
    storetime: "2161-03-04 09:00:00",
    text: "Chief Complaint:\nfourth admission (preprocess.py keeps three)",
  },
  {
    note_id: "700002-DS-1",
    subject_id: 700002,
    hadm_id: 600010,
    note_type: "DS",
    note_seq: 1,
    charttime: "2162-07-07 00:00:00",
    storetime: "2162-07-08 12:00:00",
    text: "Chief Complaint:\nfall at home – café\nDischarge Diagnosis:\nhip fracture",
  },
];

/** The raw release: num_notes as the release declares it (700002 declares 2 but has 1 note). */
export const EHRNOTEQA_ROWS: Row[] = [
  {
    category: "medication",
    num_notes: 3,
    patient_id: 700001,
    question: "Which diuretic was started at the first admission?",
    choice_A: "Furosemide",
    choice_B: "Torsemide",
    choice_C: "Spironolactone",
    choice_D: "Metolazone",
    choice_E: "Bumetanide",
    answer: "A",
  },
  {
    category: "diagnosis",
    num_notes: 2,
    patient_id: 700002,
    question: "What was the discharge diagnosis?",
    choice_A: "Wrist fracture",
    choice_B: "Hip fracture",
    choice_C: "Syncope",
    choice_D: "Stroke",
    choice_E: "hip fracture.",
    answer: "B",
  },
];

export const ehrNoteQaRaw = () => EHRNOTEQA_ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n";
export const dischargeCsv = () => pandasCsv(DISCHARGE_COLUMNS, DISCHARGE_ROWS);

/** pandas to_json: "/" escaped, non-ASCII as \uXXXX (force_ascii). */
const pandasJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/\//g, "\\/")
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** What preprocess.py writes for EHRNOTEQA_ROWS joined with DISCHARGE_ROWS. */
export function ehrNoteQaProcessed(): string {
  return (
    EHRNOTEQA_ROWS.map((q) => {
      const mine = DISCHARGE_ROWS.filter((d) => d.subject_id === q.patient_id).sort((a, b) =>
        String(a.charttime) < String(b.charttime) ? -1 : 1,
      );
      const notes: Row = {};
      for (let k = 0; k < 3; k++) {
        const d = mine[k];
        notes[`note_${k + 1}`] = d
          ? `Patient ID : ${d.subject_id}\nAdmission ID : ${d.hadm_id}\nChartdate : ${String(d.charttime).slice(0, 10)}\n${transformString(String(d.text))}`
          : "";
      }
      return pandasJson({ ...q, ...notes });
    }).join("\n") + "\n"
  );
}
