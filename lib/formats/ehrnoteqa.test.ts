// EHRNoteQA as released (raw JSONL), as preprocessed (note_1 … note_n), and the raw release
// joined with MIMIC-IV-Note discharge.csv the way src/preprocessing/preprocess.py joins it.
import { describe, expect, test } from "vitest";
import { parseIssues, parseOk } from "./__fixtures__/helpers";
import { DISCHARGE_COLUMNS, DISCHARGE_ROWS, dischargeCsv, ehrNoteQaProcessed, ehrNoteQaRaw, pandasCsv } from "./__fixtures__/notes-release";
import { english } from "@/lib/i18n/domain";
import { DischargeJoin, transformString } from "./ehrnoteqa";
import type { DischargeCsvRow } from "./schema-notes";

test("transformString is preprocess.py's transform_string (Python regex semantics, pinned by hand)", () => {
  expect(
    transformString(
      " \nName:  ___   Unit No: ___\n \nChief Complaint:\n  shortness of breath\n \nDischarge Diagnosis:\nheart failure   exacerbation\n",
    ),
  ).toBe("Name: ___ Unit No: ___\nChief Complaint:\nshortness of breath\nDischarge Diagnosis:\nheart failure exacerbation");
  expect(transformString("leg swelling\n\n\nBrief Hospital Course:")).toBe("leg swelling\nBrief Hospital Course:");
  // Spaces before a line break and indentation after it: the break becomes a space.
  expect(transformString("a  \n  b")).toBe("a b");
  expect(transformString("a\u00a0\u00a0b\u3000")).toBe("a b");
});

describe("EHRNoteQA", () => {
  test("the raw release alone imports with a visible no-note-text finding", async () => {
    const r = await parseOk({ "EHRNoteQA.jsonl": ehrNoteQaRaw() });
    expect(r.stats).toMatchObject({ format: "ehrnoteqa-jsonl", patients: 2, notes: 0, items: 2, turns: 2 });
    expect(r.findings.list.map((f) => [f.kind, f.file, f.field])).toEqual([
      ["duplicate_option", "EHRNoteQA.jsonl", "choice_E"],
      ["no_note_text", "EHRNoteQA.jsonl", "(file)"],
    ]);
    expect(r.findings.list[0]).toMatchObject({ item: "700002:q1", detail: { labels: ["B", "E"], gold: true } });
  });

  test("preprocessed: note_1 … note_n become the patient's discharge summaries, split into sections", async () => {
    const r = await parseOk({ "EHRNoteQA_processed.jsonl": ehrNoteQaProcessed() }, 41);
    expect(r.stats).toMatchObject({ patients: 2, notes: 4, items: 2, turns: 2 });
    const [p1, p2] = r.dataset.patients;
    expect(p1!.notes!.map((n) => [n.noteNum, n.chartdate, n.hadmId])).toEqual([
      [1, "2160-01-15", 600001],
      [2, "2160-05-20", 600002],
      [3, "2160-09-01", 600003],
    ]);
    expect(p1!.notes![0]!.text).toBe(
      "Patient ID : 700001\nAdmission ID : 600001\nChartdate : 2160-01-15\nChief Complaint:\nleg swelling\nBrief Hospital Course:\nDiuresed with furosemide.\nDischarge Medications:\nfurosemide 40 mg daily",
    );
    expect(p1!.notes![0]!.sections.map((s) => s.title)).toEqual(["Chief Complaint", "Brief Hospital Course", "Discharge Medications"]);
    expect(p2!.notes![0]!.text).toContain("fall at home – café"); // \u escapes of pandas to_json read back
    // The note texts are not kept a second time in the item.
    const item = r.dataset.items[0]!;
    expect(item.kind === "conversation" && item.extra).toEqual({ category: "medication" });
    // 700002 declares num_notes 2 but has one note: the model was shown an empty note_2.
    expect(r.findings.list.filter((f) => f.kind === "num_notes_mismatch")).toEqual([
      {
        kind: "num_notes_mismatch",
        file: "EHRNoteQA_processed.jsonl",
        line: 2,
        record: 2,
        field: "num_notes",
        item: "700002:q1",
        message: "num_notes 2 but patient 700002 has 1 notes",
        detail: { declared: 2, found: 1 },
      },
    ]);
  });

  test("raw release + discharge.csv joins the same notes as the benchmark's preprocessing", async () => {
    const joined = await parseOk({ "EHRNoteQA.jsonl": ehrNoteQaRaw(), "discharge.csv": dischargeCsv() }, 53);
    const processed = await parseOk({ "EHRNoteQA_processed.jsonl": ehrNoteQaProcessed() });
    const texts = (r: typeof joined) => r.dataset.patients.map((p) => p.notes!.map((n) => [n.noteNum, n.chartdate, n.text]));
    expect(texts(joined)).toEqual(texts(processed));
    expect(joined.stats).toMatchObject({ patients: 2, notes: 4 });
    // The join also keeps MIMIC-IV-Note's provenance; the fourth admission is left out, as preprocess.py does.
    expect(joined.dataset.patients[0]!.notes![2]).toMatchObject({
      noteId: "700001-DS-3",
      noteSeq: 3,
      storetime: "2160-09-02 10:00:00",
      extra: { charttime: "2160-09-01 00:00:00", note_type: "DS" },
    });
    expect(joined.dataset.patients[0]!.notes![1]!.storetime).toBeNull();
    expect(joined.findings.list.map((f) => f.kind)).toEqual(["duplicate_option", "num_notes_mismatch"]);
  });

  // Issue 31, finding 1: 1.5 M discharge rows of one patient were all held (RSS 4.3 GB, out of heap).
  test("the join holds three rows per patient and refuses a patient over the per-patient caps, located", async () => {
    const row = (k: number, text = "x"): DischargeCsvRow =>
      ({ ...DISCHARGE_ROWS[1], charttime: `2160-01-${String(30 - k).padStart(2, "0")} 00:00:00`, text }) as unknown as DischargeCsvRow;
    const join = new DischargeJoin(() => true, { rows: 5, noteChars: 1000 });
    const at = (line: number) => ({ file: "discharge.csv", line, path: "" });
    for (let k = 0; k < 5; k++) expect(join.add(row(k), at(k + 2))).toBeUndefined();
    expect(english(join.add(row(5), at(7))!)).toBe(
      "patient 700001 in discharge.csv has more than 5 rows; the cap per patient is 5 rows and 1,000 characters of note text",
    );
    expect(join.add(row(6), at(8))).toBeUndefined(); // said once
    const long = new DischargeJoin(() => true, { rows: 5, noteChars: 1000 });
    expect(long.add(row(0, "y".repeat(600)), at(2))).toBeUndefined();
    expect(english(long.add(row(1, "y".repeat(600)), at(3))!)).toMatch(
      /^patient 700001 in discharge.csv has more than 1,000 characters of note text;/,
    );

    const kept = new DischargeJoin(() => true);
    for (let k = 0; k < 20; k++) kept.add(row(k), at(k + 2));
    const [joined] = [...kept.notes()];
    expect(joined!.notes.map((n) => n.where.line)).toEqual([21, 20, 19]); // the three earliest charttimes
  });

  test("a discharge.csv with more rows of one patient than the cap is a located problem, nothing imported", async () => {
    const many = Array.from({ length: 10_001 }, (_, k) => ({ ...DISCHARGE_ROWS[1], note_id: `700001-DS-${k}`, note_seq: k }));
    const issues = await parseIssues({ "EHRNoteQA.jsonl": ehrNoteQaRaw(), "discharge.csv": pandasCsv(DISCHARGE_COLUMNS, many) }, 1 << 16);
    expect(issues).toEqual([
      expect.objectContaining({
        file: "discharge.csv",
        line: 80_002, // each row's text spans 8 lines
        record: 10_001,
        field: "subject_id",
        message:
          "patient 700001 in discharge.csv has more than 10,000 rows; the cap per patient is 10,000 rows and 67,108,864 characters of note text",
      }),
    ]);
  });
});
