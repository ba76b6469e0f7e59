// EHRNote-ChatQA release CSVs (notes.csv + questions.csv) and EHRNoteQA JSONL rows:
// record-level mutations. CSV cells are text, so "wrong type" means text that is no integer,
// date or label; EHRNoteQA rows are JSON.
import fc from "fast-check";
import { EHRNOTEQA_CHOICES, type Rec } from "./bases";
import { indexed, pick, type Gen, type Target } from "./case";
import { badIntId, badLabel } from "./notes-bundle";
import * as v from "./values";

const N = "notes";
const Q = "questions";
const OPTIONS = ["option_a", "option_b", "option_c", "option_d", "option_e"];
const text = (...values: string[]) => fc.constantFrom<unknown>(...values);
const badIntText = text("", "abc", "1/1/2001", "9.00001E+05", "-5", "1.5", "1-Jan", " ");

const CSV_FIELDS: v.FieldSpec[] = [
  { role: N, paths: v.at("subject_id"), bad: badIntText },
  { role: N, paths: v.at("note_num"), bad: badIntText },
  // note_id "" is allowed (the release writer leaves it empty when its input lacks note_seqs).
  { role: N, paths: v.at("note_id"), bad: text("x-DS-1") },
  { role: N, paths: v.at("hadm_id"), bad: text("x", "1.5", "-1", "1e3") },
  { role: N, paths: v.at("note_seq"), bad: text("abc", "1/1/2001", "9.00001E+05", "-5", "1.5", "1-Jan", " ") },
  { role: N, paths: v.at("chartdate"), bad: text("2150-02-30", "", "2/3/2150", "2150-03-02 10:00", "2150-3-2") },
  { role: N, paths: v.at("storetime"), bad: text("noon", "2150-03-02 25:00:00", "2150-13-01", "2150-03-02T10:00:00+99:00") },
  { role: Q, paths: v.at("subject_id"), bad: badIntText },
  { role: Q, paths: v.at("qa_category"), bad: text("") },
  { role: Q, paths: v.at("turn_order"), bad: fc.oneof(badIntText, text("0")) },
  { role: Q, paths: v.at("turn_index"), bad: fc.oneof(badIntText, text("0")) },
  { role: Q, paths: v.at("turn_type"), bad: text("", "x", "Content", "SOURCE", "content ") },
  { role: Q, paths: v.at("correct_answer"), bad: text("F", "a", "", "AB", "1") },
];

const earlierSame = (rows: Rec[], k: number, keys: string[]) =>
  rows.slice(0, k).filter((r) => keys.every((key) => r[key] === rows[k]![key]));
const src = (n: number, date: string) => `Note #${n} Chartdate: ${date} Headers: Chief Complaint`;

type Tables = { notes: Rec[]; questions: Rec[] };
type Mutation<T> = (t: T, g: Gen) => Target | undefined;

export const CHATQA_MUTATIONS: Record<string, Mutation<Tables>> = {
  "wrong type or value": (t, g) => v.breakField(g, CSV_FIELDS, t),
  "duplicate note number": (t, g) => {
    const k = pick(
      g,
      indexed(t.notes).filter((x) => earlierSame(t.notes, x.index, ["subject_id"]).length > 0),
    ).index;
    t.notes[k]!.note_num = pick(g, earlierSame(t.notes, k, ["subject_id"])).note_num;
    return { role: N, index: k, path: ["note_num"], message: /duplicate note_num/ };
  },
  "note numbers with a gap": (t, g) => {
    const first = pick(
      g,
      indexed(t.notes).filter((x) => earlierSame(t.notes, x.index, ["subject_id"]).length === 0),
    );
    const own = t.notes.filter((r) => r.subject_id === first.item.subject_id);
    own[own.length - 1]!.note_num = String(own.length + g(fc.integer, { min: 1, max: 9 }));
    return { role: N, index: first.index, path: ["note_num"], message: /expected 1\.\.\d+ without gaps/ };
  },
  "note id does not match subject and sequence": (t, g) => {
    const k = g(fc.nat, { max: t.notes.length - 1 });
    t.notes[k]!.note_id = `${t.notes[k]!.subject_id}-DS-${Number(t.notes[k]!.note_seq) + 100}`;
    return { role: N, index: k, path: ["note_id"], message: /does not match/ };
  },
  "source turn removed": (t, g) => {
    const k = pick(
      g,
      indexed(t.questions).filter((x) => x.item.turn_type === "source"),
    ).index;
    t.questions.splice(k, 1);
    return { role: Q, index: k - 1, path: ["turn_index"], message: /not followed by its source turn/ };
  },
  "duplicate turn order": (t, g) => {
    const key = ["subject_id", "qa_category"];
    const k = pick(
      g,
      indexed(t.questions).filter((x) => earlierSame(t.questions, x.index, key).length > 0),
    ).index;
    t.questions[k]!.turn_order = pick(g, earlierSame(t.questions, k, key)).turn_order;
    return { role: Q, index: k, path: ["turn_order"], message: /duplicate turn_order/ };
  },
  "source option names a note the patient lacks": (t, g) => {
    const k = pick(
      g,
      indexed(t.questions).filter((x) => x.item.turn_type === "source"),
    ).index;
    const option = pick(g, OPTIONS);
    t.questions[k]![option] = src(g(fc.integer, { min: 50, max: 99 }), "2150-01-01");
    return { role: Q, index: k, path: [option], message: /names Note #\d+, but patient/ };
  },
  "source option cites the wrong chartdate": (t, g) => {
    const k = pick(
      g,
      indexed(t.questions).filter((x) => x.item.turn_type === "source"),
    ).index;
    const option = pick(g, OPTIONS);
    t.questions[k]![option] = src(1, "2999-01-01");
    return { role: Q, index: k, path: [option], message: /is cited with chartdate 2999-01-01/ };
  },
  "conversation of an unknown patient": (t, g) => {
    const k = pick(
      g,
      indexed(t.questions).filter((x) => earlierSame(t.questions, x.index, ["subject_id", "qa_category"]).length === 0),
    ).index;
    const { subject_id, qa_category } = t.questions[k]!;
    const id = String(999_999_000 + g(fc.nat, { max: 999 }));
    for (const r of t.questions) if (r.subject_id === subject_id && r.qa_category === qa_category) r.subject_id = id;
    return { role: Q, index: k, path: ["subject_id"], message: /unknown patient/ };
  },
};

// ---- EHRNoteQA ---------------------------------------------------------------------

const E = "ehrnoteqa";
const QA_FIELDS: v.FieldSpec[] = [
  { role: E, paths: v.at("patient_id"), bad: badIntId },
  { role: E, paths: v.at("num_notes"), bad: fc.constantFrom<unknown>(-1, "2", 1.5, null, true) },
  { role: E, paths: v.at("question"), bad: v.notString },
  ...EHRNOTEQA_CHOICES.map((c) => ({ role: E, paths: v.at(c), bad: v.notString })),
  { role: E, paths: v.at("answer"), bad: badLabel },
];
// Not on the first line: detection reads `patient_id` and `choice_A` there.
const QA_REQUIRED = ["patient_id", "num_notes", "question", ...EHRNOTEQA_CHOICES, "answer"].map((k) => ({ role: E, paths: v.at(k) }));

type QaRows = { ehrnoteqa: Rec[]; withNotes: boolean };

export const EHRNOTEQA_MUTATIONS: Record<string, Mutation<QaRows>> = {
  "wrong type or value": (t, g) => v.breakField(g, QA_FIELDS, t),
  "required field dropped": (t, g) => {
    const target = v.dropField(g, QA_REQUIRED, t);
    return target && target.index === 0 && ["patient_id", "choice_A"].includes(String(target.path[0])) ? undefined : target;
  },
  "num_notes disagrees within a patient": (t, g) => {
    const k = pick(
      g,
      indexed(t.ehrnoteqa).filter((x) => earlierSame(t.ehrnoteqa, x.index, ["patient_id"]).length > 0),
    ).index;
    t.ehrnoteqa[k]!.num_notes += 1;
    return { role: E, index: k, path: ["num_notes"], message: /disagrees with/ };
  },
  "answer points at an empty choice": (t, g) => {
    const row = pick(g, indexed(t.ehrnoteqa));
    row.item[`choice_${row.item.answer}`] = "";
    return { role: E, index: row.index, path: ["answer"], message: /points at an empty option/ };
  },
  "question of an unknown patient": (t, g) => {
    if (!t.withNotes) return undefined;
    const row = pick(g, indexed(t.ehrnoteqa));
    row.item.patient_id = 999_999_000 + g(fc.nat, { max: 999 });
    return { role: E, index: row.index, path: ["patient_id"], message: /unknown patient/ };
  },
};
