import { expect, test } from "vitest";
import { fixture } from "./__fixtures__/helpers";
import { english } from "@/lib/i18n/domain";
import { detectFormat as detect } from "./detect";

/** The detection as the command line says it: a refusal in English. */
const detectFormat = (...args: Parameters<typeof detect>) => {
  const d = detect(...args);
  return d.ok ? d : { ok: false as const, message: english(d.said) };
};

const head = (s: string) => s.slice(0, 8192);

test("bundles are recognized by their declared format, whatever the file is called", () => {
  expect(detectFormat([{ name: "upload.json", head: head(fixture("ehr-decision-mcq.example.json")) }])).toEqual({
    ok: true,
    format: "ehr-decision-mcq-json",
    files: [{ name: "upload.json", role: "bundle" }],
    ignored: [],
  });
  expect(detectFormat([{ name: "x", head: head(fixture("notes-chatqa.example.json")) }])).toMatchObject({
    ok: true,
    format: "notes-chatqa-json",
  });
});

test("line-based layouts: by name or by content", () => {
  expect(
    detectFormat([
      { name: "data/instances.jsonl", head: '{"instance_id":"I1"}' },
      { name: "data/patients.jsonl", head: '{"patient_id":"P1"}' },
      { name: "README.md", head: "# hi" },
    ]),
  ).toEqual({
    ok: true,
    format: "ehr-decision-mcq-jsonl",
    ignored: [
      {
        name: "README.md",
        key: "content",
        reason: "neither its name nor its first record is that of a file of the ehr-decision-mcq-jsonl layout",
        detail: { format: "ehr-decision-mcq-jsonl" },
      },
    ],
    files: [
      { name: "data/instances.jsonl", role: "instances" },
      { name: "data/patients.jsonl", role: "patients" },
    ],
  });
  expect(
    detectFormat([
      { name: "q (1).csv", head: "subject_id,qa_category,turn_order,turn_index,turn_type,question\n" },
      { name: "n.csv", head: '\uFEFF"subject_id","note_num","note_id","text"\r\n' },
    ]),
  ).toMatchObject({ ok: true, format: "ehrnote-chatqa-csv", files: [{ role: "questions" }, { role: "notes" }] });
  expect(detectFormat([{ name: "EHRNoteQA.jsonl", head: '{"patient_id": 1, "num_notes": 2, "choice_A": "x"}\n' }])).toMatchObject({
    ok: true,
    format: "ehrnoteqa-jsonl",
  });
});

test("ambiguous or incomplete uploads are refused with a reason", () => {
  expect(detectFormat([])).toEqual({ ok: false, message: "no files given" });
  expect(detectFormat([{ name: "notes.csv", head: "subject_id,note_num,text\n" }])).toMatchObject({
    ok: false,
    message: expect.stringMatching(/notes\.csv alone/),
  });
  expect(
    detectFormat([
      { name: "a.json", head: '{"format": "ehr-decision-mcq"' },
      { name: "questions.csv", head: "subject_id,qa_category,turn_type\n" },
    ]),
  ).toMatchObject({ ok: false, message: expect.stringMatching(/cannot be combined/) });
  expect(detectFormat([{ name: "a.txt", head: "hello" }])).toEqual({
    ok: false,
    message: expect.stringMatching(/^unrecognized format: a\.txt\. Expected one of: .*discharge\.csv\.gz\.$/),
  });
  expect(detectFormat([{ name: "data_dictionary.csv", head: "file,column,type,description\n" }])).toMatchObject({
    ok: false,
    message: expect.stringMatching(/^unrecognized format: data_dictionary\.csv/),
  });
});

const DISCHARGE_HEADER = "note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text\n";

test("EHRNoteQA with MIMIC-IV-Note discharge.csv or discharge.csv.gz beside it", () => {
  const qa = { name: "EHRNoteQA.jsonl", head: '{"patient_id": 1, "num_notes": 2, "question": "q", "choice_A": "x"}\n' };
  for (const name of ["discharge.csv", "discharge.csv.gz", "mimic/discharge (2).csv"])
    expect(detectFormat([qa, { name, head: DISCHARGE_HEADER }])).toEqual({
      ok: true,
      format: "ehrnoteqa-jsonl",
      ignored: [],
      files: [
        { name: "EHRNoteQA.jsonl", role: "ehrnoteqa" },
        { name, role: "discharge" },
      ],
    });
  expect(detectFormat([{ name: "discharge.csv.gz", head: DISCHARGE_HEADER }])).toMatchObject({
    ok: false,
    message: expect.stringMatching(/discharge notes alone; add the EHRNoteQA \.jsonl/),
  });
  expect(
    detectFormat([qa, { name: "discharge.csv", head: DISCHARGE_HEADER }, { name: "notes.csv", head: "subject_id,note_num,text\n" }]),
  ).toMatchObject({
    ok: false,
    message: expect.stringMatching(/both give EHRNoteQA notes/),
  });
  // A preprocessed row: note_1 … note_3 follow the release's own keys.
  expect(
    detectFormat([
      { name: "EHRNoteQA_processed.jsonl", head: '{"patient_id":1,"num_notes":1,"question":"q","choice_A":"a","note_1":"Patient ID : 1' },
    ]),
  ).toMatchObject({ ok: true, format: "ehrnoteqa-jsonl" });
});

test("the EHRNote-ChatQA release directory as shipped: data_dictionary.csv and SHA256SUMS.txt are ignored", () => {
  expect(
    detectFormat([
      { name: "notes.csv", head: "subject_id,note_num,note_id,hadm_id,note_seq,chartdate,storetime,text\n" },
      { name: "questions.csv", head: "subject_id,qa_category,turn_order,turn_index,turn_type,question\n" },
      { name: "data_dictionary.csv", head: "file,column,type,description\n" },
      { name: "SHA256SUMS.txt", head: "abc  notes.csv\n" },
    ]),
  ).toMatchObject({
    ok: true,
    format: "ehrnote-chatqa-csv",
    ignored: [
      { name: "data_dictionary.csv", key: "csvHeader", detail: { header: "file, column, type, description" } },
      { name: "SHA256SUMS.txt", key: "content" },
    ],
  });
});
