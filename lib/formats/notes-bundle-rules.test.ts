// One fixture per notes-chatqa bundle rejection rule, asserting the located issue: the record
// path in `field`, the line where the value starts (the CSV and EHRNoteQA layouts: notes-rules.test.ts).
import { describe, expect, test } from "vitest";
import { parseIssues } from "./__fixtures__/helpers";

describe("notes-chatqa bundle rejections carry the record path", () => {
  const bundle = (turns: unknown[]) =>
    JSON.stringify(
      {
        format: "notes-chatqa",
        format_version: "1.0",
        dataset: {},
        patients: [
          {
            subject_id: 900001,
            notes: [
              {
                note_num: 1,
                note_id: "900001-DS-1",
                hadm_id: 1,
                note_seq: 1,
                chartdate: "2150-03-02",
                storetime: null,
                text: "Chief Complaint:\nx",
              },
            ],
          },
        ],
        conversations: [{ subject_id: 900001, qa_category: "diagnosis", turns }],
      },
      null,
      1,
    );
  const turn = (order: number, type: string, options: string[], extra: Record<string, unknown> = {}) => ({
    turn_order: order,
    turn_index: 1,
    turn_type: type,
    question: "q",
    option_a: options[0],
    option_b: options[1],
    option_c: options[2],
    option_d: options[3],
    option_e: options[4],
    correct_answer: "A",
    ...extra,
  });
  const content = turn(1, "content", ["a", "b", "c", "d", "e"]);
  const sources = [
    "Note #1 Headers: Chief Complaint",
    "Note #1 Headers: Allergies",
    "Note #1 Headers: Physical Exam",
    "Note #1 Headers: Social History",
    "Note #2 Headers: Chief Complaint",
  ];

  test("duplicate subject, duplicate note and duplicate conversation", async () => {
    const raw = JSON.parse(bundle([content, turn(2, "source", sources.slice(0, 4).concat("Note #1 Headers: Family History"))]));
    raw.patients[0].notes.push({ ...raw.patients[0].notes[0] });
    raw.patients.push({ subject_id: 900001, notes: [] });
    raw.conversations.push(raw.conversations[0]);
    const issues = await parseIssues({ "n.json": JSON.stringify(raw) });
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ["patients[0].notes[1].note_num", "duplicate note_num 1 for patient 900001"],
      ["patients[1].subject_id", "duplicate subject_id 900001 (first at patients[0])"],
      [
        "conversations[1].qa_category",
        'duplicate conversation for subject_id 900001 and qa_category "diagnosis" (first at conversations[0])',
      ],
    ]);
    expect(issues.every((i) => i.line === 1)).toBe(true);
  });

  test("missing note, gold_sources mismatch and a mangled turn key", async () => {
    const text = bundle([
      { ...content, turn_index: "1-1" },
      turn(2, "source", sources, { gold_sources: [{ note_num: 1, headers: ["Allergies"] }] }),
    ]);
    const issues = await parseIssues({ "n.json": text });
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
    expect(issues).toEqual([
      {
        file: "n.json",
        line: lineOf('"1-1"'),
        field: "conversations[0].turns[0].turn_index",
        message: 'looks like a date (spreadsheet-mangled key?): "1-1"; expected a plain integer',
      },
      {
        file: "n.json",
        line: lineOf('"gold_sources"'),
        field: "conversations[0].turns[1].gold_sources",
        message: "gold_sources do not match the correct option (A)",
      },
      {
        file: "n.json",
        line: lineOf('"Note #2'),
        field: "conversations[0].turns[1].option_e",
        message: "names Note #2, but patient 900001 has notes: 1",
      },
    ]);
  });
});
