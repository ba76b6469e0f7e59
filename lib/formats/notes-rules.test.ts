// One fixture per EHRNote-ChatQA / EHRNoteQA rejection rule, asserting the located issue
// (the notes-chatqa bundle's: notes-bundle-rules.test.ts).
import { describe, expect, test } from "vitest";
import { parseIssues, parseOk } from "./__fixtures__/helpers";
import { csvRow } from "./csv";

const NOTES_HEADER = "subject_id,note_num,note_id,hadm_id,note_seq,chartdate,storetime,text\n";
// Record 1 spans lines 2-5 (quoted newlines), record 2 starts on line 6.
const NOTES =
  NOTES_HEADER +
  '900001,1,900001-DS-1,800001,1,2150-03-02,2150-03-02 14:20:00,"Chief Complaint:\nfever, chills\nBrief Hospital Course:\nTreated with ""ceftriaxone""."\n' +
  '900001,2,900001-DS-2,800002,2,2150-06-10,,"Discharge Medications:\nnone"\n';

const Q_HEADER =
  "subject_id,qa_category,turn_order,turn_index,turn_type,question,option_a,option_b,option_c,option_d,option_e,correct_answer\n";
const src = (n: number, date: string, headers: string) => `Note #${n} Chartdate: ${date} Headers: ${headers}`;
const contentRow = (fields: Partial<Record<string, string>> = {}) =>
  row({
    turn_order: "1",
    turn_index: "1",
    turn_type: "content",
    question: "Which organism\ngrew?",
    option_a: "E. coli",
    option_b: "Klebsiella",
    option_c: "Proteus",
    option_d: "GBS",
    option_e: "None",
    correct_answer: "A",
    ...fields,
  });
const sourceRow = (fields: Partial<Record<string, string>> = {}) =>
  row({
    turn_order: "2",
    turn_index: "1",
    turn_type: "source",
    question: "Which source(s)?",
    option_a: src(1, "2150-03-02", "Brief Hospital Course"),
    option_b: src(1, "2150-03-02", "Chief Complaint"),
    option_c: src(2, "2150-06-10", "Discharge Medications"),
    option_d: `${src(1, "2150-03-02", "Chief Complaint")}; ${src(2, "2150-06-10", "Discharge Medications")}`,
    option_e: src(1, "2150-03-02", "Brief Hospital Course, Chief Complaint"),
    correct_answer: "A",
    ...fields,
  });
function row(f: Record<string, string | undefined>): string {
  const cols = [
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
  const v: Record<string, string | undefined> = { subject_id: "900001", qa_category: "microbiology", ...f };
  return csvRow(cols.map((c) => v[c] ?? ""));
}
// The content row spans lines 2-3 (newline in the question); the source row is on line 4.
const csvFiles = (questions: string, notes = NOTES) => ({ "notes.csv": notes, "questions.csv": Q_HEADER + questions });

async function only(files: Record<string, string>) {
  const issues = await parseIssues(files);
  expect(issues).toHaveLength(1);
  return issues[0];
}

test("the baseline CSV fixture is valid; gold sources and sections are derived", async () => {
  const r = await parseOk(csvFiles(contentRow() + sourceRow()), 5);
  expect(r.stats).toMatchObject({ format: "ehrnote-chatqa-csv", patients: 1, notes: 2, items: 1, turns: 2 });
  const conv = r.dataset.items[0];
  expect(conv?.kind === "conversation" && conv.turns[1]?.goldSources).toEqual([{ noteNum: 1, headers: ["Brief Hospital Course"] }]);
  expect(r.dataset.patients[0]?.notes?.[0]?.sections.map((s) => s.title)).toEqual(["Chief Complaint", "Brief Hospital Course"]);
  expect(r.dataset.patients[0]?.notes?.[1]?.storetime).toBeNull();
});

describe("EHRNote-ChatQA CSV rejections (line = where the record starts)", () => {
  test("content turn without its source turn", async () => {
    expect(await only(csvFiles(contentRow()))).toEqual({
      file: "questions.csv",
      line: 2,
      record: 1,
      field: "turn_index",
      message: "content turn (turn_order 1, turn_index 1) is not followed by its source turn (turn_index 1)",
    });
  });

  test("source turn whose turn_index does not match the content turn", async () => {
    const issues = await parseIssues(csvFiles(contentRow() + sourceRow({ turn_index: "2" })));
    expect(issues.map((i) => [i.line, i.field])).toEqual([
      [2, "turn_index"],
      [4, "turn_index"],
    ]);
  });

  test("source option naming a Note #N the patient does not have", async () => {
    expect(await only(csvFiles(contentRow() + sourceRow({ option_c: src(3, "2150-07-01", "Discharge Medications") })))).toEqual({
      file: "questions.csv",
      line: 4,
      record: 2,
      field: "option_c",
      message: "names Note #3, but patient 900001 has notes: 1, 2",
    });
  });

  test("source option citing a note with the wrong chartdate", async () => {
    expect(await only(csvFiles(contentRow() + sourceRow({ option_c: src(2, "2150-06-11", "Discharge Medications") })))).toEqual({
      file: "questions.csv",
      line: 4,
      record: 2,
      field: "option_c",
      message: "Note #2 is cited with chartdate 2150-06-11, but its chartdate is 2150-06-10",
    });
  });

  test("unknown patient", async () => {
    const other = (f: Record<string, string>) => ({ subject_id: "900002", ...f });
    const issues = await parseIssues(csvFiles(contentRow() + sourceRow() + contentRow(other({})) + sourceRow(other({}))));
    expect(issues).toEqual([{ file: "questions.csv", line: 5, record: 3, field: "subject_id", message: "unknown patient 900002" }]);
  });

  test("spreadsheet-mangled turn keys are rejected, not guessed", async () => {
    expect(await only(csvFiles(contentRow() + sourceRow({ turn_index: "1-Jan" })))).toEqual({
      file: "questions.csv",
      line: 4,
      record: 2,
      field: "turn_index",
      message: 'looks like a date (spreadsheet-mangled key?): "1-Jan"; expected a plain integer',
    });
    expect(await only(csvFiles(contentRow({ turn_order: "2001-01-01" }) + sourceRow()))).toMatchObject({
      line: 2,
      field: "turn_order",
      message: expect.stringMatching(/looks like a date/),
    });
  });

  test("answer that is not an option label, or points at an empty option", async () => {
    expect(await only(csvFiles(contentRow({ correct_answer: "F" }) + sourceRow()))).toMatchObject({
      file: "questions.csv",
      line: 2,
      record: 1,
      field: "correct_answer",
      message: expect.stringMatching(/^invalid value "F"; expected one of: A, B, C, D, E/),
    });
    expect(await only(csvFiles(contentRow({ option_e: "", correct_answer: "E" }) + sourceRow()))).toEqual({
      file: "questions.csv",
      line: 2,
      record: 1,
      field: "correct_answer",
      message: 'correct_answer "E" points at an empty option',
    });
  });

  test("duplicate turns", async () => {
    const issues = await parseIssues(csvFiles(contentRow() + sourceRow() + sourceRow({ turn_order: "3" })));
    expect(issues).toEqual([
      {
        file: "questions.csv",
        line: 5,
        record: 3,
        field: "turn_index",
        message: "duplicate source turn for turn_index 1 (first at line 4)",
      },
    ]);
    const again = await parseIssues(csvFiles(contentRow() + sourceRow() + sourceRow({ turn_index: "2" })));
    expect(again).toEqual([
      {
        file: "questions.csv",
        line: 5,
        record: 3,
        field: "turn_order",
        message: "duplicate turn_order 2 in this conversation (first at line 4)",
      },
    ]);
  });

  test("duplicate notes, note_num gaps, malformed date and number in notes.csv", async () => {
    const notes =
      NOTES +
      "900001,2,900001-DS-3,800003,3,2150-07-01,,x\n" + // line 8: duplicate note_num
      "900001,4,900001-DS-2,800004,2,2150-08-01,,y\n" + // line 9: duplicate note_id
      "900001,5,900001-DS-5,80000x,5,2150-13-01,,z\n"; // line 10: bad hadm_id and chartdate
    const issues = await parseIssues(csvFiles(contentRow() + sourceRow(), notes));
    expect(issues).toEqual([
      { file: "notes.csv", line: 8, record: 3, field: "note_num", message: "duplicate note_num 2 for patient 900001" },
      { file: "notes.csv", line: 9, record: 4, field: "note_id", message: 'duplicate note_id "900001-DS-2" (first at line 6)' },
      { file: "notes.csv", line: 10, record: 5, field: "hadm_id", message: 'malformed number: expected an integer, got "80000x"' },
      { file: "notes.csv", line: 10, record: 5, field: "chartdate", message: 'malformed date: "2150-13-01"; expected YYYY-MM-DD' },
    ]);
    const gap = NOTES_HEADER + "900001,1,900001-DS-1,1,1,2150-03-02,,a\n900001,3,900001-DS-3,3,3,2150-04-02,,b\n";
    expect(
      await only(
        csvFiles(
          contentRow({ turn_type: "content" }) +
            sourceRow({
              option_c: "Note #3 Headers: X",
              option_d: "Note #1 Headers: Y",
              option_e: "Note #1 Headers: Z",
              option_b: "Note #3 Headers: W",
            }),
          gap,
        ),
      ),
    ).toEqual({
      file: "notes.csv",
      line: 2,
      record: 1,
      field: "note_num",
      message: "note_num values for patient 900001 are 1, 3; expected 1..2 without gaps",
    });
  });

  test("a rejected row does not cascade into sequence or unknown-note issues", async () => {
    const notes = NOTES_HEADER + '900001,1,900001-DS-1,1,1,2150-03-02,,"Chief Complaint:\nx"\n900001,2,900001-DS-2,2,2,2150-06-31,,y\n';
    expect(await parseIssues(csvFiles(contentRow() + sourceRow({ correct_answer: "Q" }), notes))).toEqual([
      { file: "notes.csv", line: 4, record: 2, field: "chartdate", message: 'malformed date: "2150-06-31"; expected YYYY-MM-DD' },
      { file: "questions.csv", line: 4, record: 2, field: "correct_answer", message: expect.stringMatching(/^invalid value "Q"/) },
    ]);
  });

  test("CSV structure: wrong field count, bad quoting, missing column", async () => {
    const issues = await parseIssues(
      csvFiles(contentRow() + sourceRow() + '900001,microbiology,3,2\n900001,"x"y,3,2,content,q,a,b,c,d,e,A\n'),
    );
    expect(issues.slice(0, 2)).toEqual([
      { file: "questions.csv", line: 5, record: 3, field: "(csv)", message: "record has 4 fields, header has 12" },
      { file: "questions.csv", line: 6, record: 4, field: "(csv)", message: "unexpected text after closing quote in field 2" },
    ]);
    expect(await parseIssues({ "notes.csv": NOTES, "questions.csv": Q_HEADER.replace(",turn_type", "") })).toEqual([
      { file: "questions.csv", line: 1, field: "(header)", message: "missing column(s): turn_type" },
    ]);
  });
});

describe("EHRNoteQA", () => {
  const q = (patient: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      patient_id: patient,
      num_notes: 2,
      question: "q?",
      choice_A: "a",
      choice_B: "b",
      choice_C: "c",
      choice_D: "d",
      choice_E: "e",
      answer: "C",
      ...extra,
    });

  test("reads as one-turn conversations, with or without notes", async () => {
    const r = await parseOk({ "EHRNoteQA.jsonl": `${q(900001)}\n${q(900001, { question: "other?" })}\n` });
    expect(r.stats).toMatchObject({ format: "ehrnoteqa-jsonl", patients: 1, items: 2, turns: 2, notes: 0 });
    expect(r.dataset.patients).toEqual([{ patientId: "900001", numNotes: 2 }]);
    expect(r.dataset.items.map((i) => i.kind === "conversation" && [i.conversationId, i.turns[0]?.answer])).toEqual([
      ["900001:q1", "C"],
      ["900001:q2", "C"],
    ]);
    const withNotes = await parseOk({ "EHRNoteQA.jsonl": `${q(900001)}\n`, "notes.csv": NOTES });
    expect(withNotes.dataset.patients[0]).toMatchObject({ patientId: "900001", numNotes: 2 });
  });

  test("unknown patient (when notes are given), bad answer", async () => {
    const issues = await parseIssues({
      "EHRNoteQA.jsonl": `${q(900001, { num_notes: 3 })}\n${q(900009)}\n${q(900001, { answer: "c", choice_B: "A" })}\n`,
      "notes.csv": NOTES,
    });
    expect(issues).toEqual([
      { file: "EHRNoteQA.jsonl", line: 3, record: 3, field: "answer", message: expect.stringMatching(/^invalid value "c"/) },
      { file: "EHRNoteQA.jsonl", line: 2, record: 2, field: "patient_id", message: "unknown patient 900009" },
    ]);
  });
});
