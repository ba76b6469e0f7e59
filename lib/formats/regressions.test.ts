// Inputs the malformed-input property test (malformed-inputs.test.ts) found accepted or
// misreported, kept as plain cases.
import { expect, test } from "vitest";
import { parseIssues } from "./__fixtures__/helpers";

const Q_HEADER =
  "subject_id,qa_category,turn_order,turn_index,turn_type,question,option_a,option_b,option_c,option_d,option_e,correct_answer\n";
const NOTES =
  'subject_id,note_num,note_id,hadm_id,note_seq,chartdate,storetime,text\n900001,1,900001-DS-1,800001,1,2150-03-02,,"Chief Complaint:\nfever"\n';
const src = (header: string) => `Note #1 Chartdate: 2150-03-02 Headers: ${header}`;
const SOURCES = ["Chief Complaint", "History of Present Illness", "Past Medical History", "Allergies", "Social History"].map(src);
const q = (order: string, index: string, type: string) =>
  `900001,symptom,${order},${index},${type},Which?,${(type === "source" ? SOURCES : ["a", "b", "c", "d", "e"]).map((o) => `"${o}"`).join(",")},A\n`;

test("invalid UTF-8 (decoded to U+FFFD) is rejected at its line, not imported with the text replaced", async () => {
  const line = (id: string, name: string) =>
    JSON.stringify({ patient_id: id, events: [{ event_id: "E1", time: "2031-03-01T09:00:00", event_type: "lab_test", name }] });
  const issues = await parseIssues({ "patients.jsonl": `${line("P1", "Hb")}\n${line("P2", "Caf\uFFFD")}\n`, "instances.jsonl": "" });
  expect(issues).toEqual([
    {
      file: "patients.jsonl",
      line: 2,
      field: "(encoding)",
      message: "invalid UTF-8 (replacement character U+FFFD): save the file as UTF-8",
    },
  ]);
});

test("CSV numbering starts at 1, as in the JSON bundle: turn_order / turn_index / note_num 0 are refused", async () => {
  const issues = await parseIssues({ "notes.csv": NOTES, "questions.csv": Q_HEADER + q("0", "1", "content") + q("1", "1", "source") });
  expect(issues).toEqual([{ file: "questions.csv", line: 2, record: 1, field: "turn_order", message: "must be >= 1, got 0" }]);
  const zeroIndex = await parseIssues({ "notes.csv": NOTES, "questions.csv": Q_HEADER + q("1", "0", "content") + q("2", "0", "source") });
  expect(zeroIndex.map((i) => [i.line, i.field])).toEqual([
    [2, "turn_index"],
    [3, "turn_index"],
  ]);
  const zeroNote = await parseIssues({
    "notes.csv": NOTES.replace("900001,1,", "900001,0,"),
    "questions.csv": Q_HEADER + q("1", "1", "content") + q("2", "1", "source"),
  });
  expect(zeroNote[0]).toEqual({ file: "notes.csv", line: 2, record: 1, field: "note_num", message: "must be >= 1, got 0" });
});

test("a missing enum or id field says it is missing (was: 'unknown event type nothing', 'got undefined')", async () => {
  const event = { event_id: "E1", time: "2031-03-01T09:00:00", name: "Hb" };
  const ehr = await parseIssues({ "patients.jsonl": `${JSON.stringify({ patient_id: "P1", events: [event] })}\n`, "instances.jsonl": "" });
  expect(ehr).toEqual([
    { file: "patients.jsonl", line: 1, record: 1, field: "events[0].event_type", message: "required field is missing" },
  ]);
  const row = { num_notes: 0, question: "q?", choice_A: "a", choice_B: "b", choice_C: "c", choice_D: "d", choice_E: "e", answer: "A" };
  const first = JSON.stringify({ ...row, patient_id: 1 });
  const qa = await parseIssues({ "EHRNoteQA.jsonl": `${first}\n${JSON.stringify(row)}\n` });
  expect(qa).toEqual([{ file: "EHRNoteQA.jsonl", line: 2, record: 2, field: "patient_id", message: "required field is missing" }]);
});
