// One fixture per ehr-decision-mcq rejection rule, asserting the located issue.
import { describe, expect, test } from "vitest";
import { parseIssues, parseOk, parseTexts } from "./__fixtures__/helpers";

// biome-ignore lint/suspicious/noExplicitAny: the tests put malformed values in any field
type Rec = Record<string, any>;

const patient = (id: string, events: Rec[], extra: Rec = {}): Rec => ({ patient_id: id, demographics: {}, events, ...extra });
const ev = (id: string, time: string, extra: Rec = {}): Rec => ({
  event_id: id,
  time,
  event_type: "lab_test",
  name: "Hb",
  value: 112,
  unit: "g/L",
  ...extra,
});
const inst = (id: string, patientId: string, index: number, cutoff: string, evidence: string[], extra: Rec = {}): Rec => ({
  instance_id: id,
  patient_id: patientId,
  cutoff: { time: cutoff },
  decision_point_index: index,
  chapter: "Prenatal Care",
  rule_id: "R1",
  evidence_level: "L1",
  question: "Next step?",
  options: [
    { label: "A", text: "Observe" },
    { label: "B", text: "Treat" },
  ],
  answer: "B",
  evidence_event_ids: evidence,
  ...extra,
});

const P1 = () => patient("P1", [ev("E1", "2031-03-01T09:00:00"), ev("E2", "2031-05-01T09:00:00")]);
const P2 = () => patient("P2", [ev("E7", "2031-03-01T09:00:00")]);
const I1 = () => inst("I1", "P1", 1, "2031-03-02T00:00:00", ["E1"]);
const I2 = () => inst("I2", "P1", 2, "2031-06-01T00:00:00", ["E1", "E2"]);

const jsonl = (rs: Rec[]) => rs.map((r) => JSON.stringify(r)).join("\n") + "\n";
const files = (patients: Rec[], instances: Rec[]) => ({ "patients.jsonl": jsonl(patients), "instances.jsonl": jsonl(instances) });

async function only(patients: Rec[], instances: Rec[]) {
  const issues = await parseIssues(files(patients, instances));
  expect(issues).toHaveLength(1);
  return issues[0];
}

test("the baseline fixture is valid", async () => {
  const r = await parseOk(files([P1(), P2()], [I1(), I2()]));
  expect(r.stats).toMatchObject({ format: "ehr-decision-mcq-jsonl", patients: 2, events: 3, items: 2 });
});

describe("rejections in JSONL carry file, physical line, record and field", () => {
  test("malformed date", async () => {
    const p = patient("P2", [ev("E7", "2031-02-30T09:00:00")]);
    expect(await only([P1(), p], [I1()])).toEqual({
      file: "patients.jsonl",
      line: 2,
      record: 2,
      field: "events[0].time",
      message: 'malformed ISO 8601 date-time: "2031-02-30T09:00:00"',
    });
  });

  test("malformed number", async () => {
    const p = patient("P2", [ev("E7", "2031-03-01T09:00:00", { ga_days: "63" })]);
    expect(await only([P1(), p], [I1()])).toEqual({
      file: "patients.jsonl",
      line: 2,
      record: 2,
      field: "events[0].ga_days",
      message: 'malformed number: expected a number, got "63"',
    });
  });

  test("unknown event type", async () => {
    const p = patient("P2", [ev("E7", "2031-03-01T09:00:00", { event_type: "lab" })]);
    expect(await only([P1(), p], [I1()])).toMatchObject({
      file: "patients.jsonl",
      line: 2,
      record: 2,
      field: "events[0].event_type",
      message: expect.stringMatching(/^unknown event type "lab"; expected one of: diagnosis, lab_test/),
    });
  });

  test("duplicate patient id", async () => {
    expect(await only([P1(), P2(), patient("P1", [])], [I1()])).toEqual({
      file: "patients.jsonl",
      line: 3,
      record: 3,
      field: "patient_id",
      message: 'duplicate patient_id "P1" (first at line 1)',
    });
  });

  test("duplicate event id within a patient (the same id in another patient is fine)", async () => {
    const p = patient("P2", [ev("E1", "2031-03-01T09:00:00"), ev("E1", "2031-03-02T09:00:00")]);
    expect(await only([P1(), p], [I1()])).toEqual({
      file: "patients.jsonl",
      line: 2,
      record: 2,
      field: "events[1].event_id",
      message: 'duplicate event_id "E1" in patient "P2" (first at events[0])',
    });
  });

  test("duplicate instance id", async () => {
    const dup = inst("I1", "P1", 2, "2031-06-01T00:00:00", ["E2"]);
    expect(await only([P1()], [I1(), dup])).toEqual({
      file: "instances.jsonl",
      line: 2,
      record: 2,
      field: "instance_id",
      message: 'duplicate instance_id "I1" (first at line 1)',
    });
  });

  test("evidence event that is not the patient's", async () => {
    const i = inst("I1", "P1", 1, "2031-03-02T00:00:00", ["E1", "E7"]);
    expect(await only([P1(), P2()], [i])).toEqual({
      file: "instances.jsonl",
      line: 1,
      record: 1,
      field: "evidence_event_ids[1]",
      message: 'evidence event "E7" is not an event of patient "P1"',
    });
  });

  test("evidence event dated after the cutoff", async () => {
    const i = inst("I1", "P1", 1, "2031-04-01T00:00:00", ["E1", "E2"]);
    expect(await only([P1()], [i])).toEqual({
      file: "instances.jsonl",
      line: 1,
      record: 1,
      field: "evidence_event_ids[1]",
      message: 'evidence event "E2" at 2031-05-01T09:00:00 is dated after the cutoff 2031-04-01T00:00:00',
    });
  });

  test("answer that is not an option label", async () => {
    const i = inst("I1", "P1", 1, "2031-03-02T00:00:00", ["E1"], { answer: "C" });
    expect(await only([P1()], [i])).toEqual({
      file: "instances.jsonl",
      line: 1,
      record: 1,
      field: "answer",
      message: 'answer "C" is not an option label (A, B)',
    });
  });

  test("duplicate options within a question", async () => {
    const options = [
      { label: "A", text: "Treat" },
      { label: "B", text: " treat " },
    ];
    const i = inst("I1", "P1", 1, "2031-03-02T00:00:00", ["E1"], { options });
    expect(await only([P1()], [i])).toEqual({
      file: "instances.jsonl",
      line: 1,
      record: 1,
      field: "options[1].text",
      message: "duplicate option text (same as options[0])",
    });
  });

  test("decision-point index not increasing with cutoff time", async () => {
    const a = inst("I1", "P1", 2, "2031-03-02T00:00:00", ["E1"]);
    const b = inst("I2", "P1", 1, "2031-06-01T00:00:00", ["E1"]);
    expect(await only([P1()], [a, b])).toEqual({
      file: "instances.jsonl",
      line: 1,
      record: 1,
      field: "decision_point_index",
      message:
        'decision_point_index 2 has cutoff 2031-03-02T00:00:00, earlier than index 1 (instance "I2", cutoff 2031-06-01T00:00:00); indices must increase with cutoff time',
    });
  });

  test("duplicate decision-point index within a patient", async () => {
    const b = inst("I2", "P1", 1, "2031-06-01T00:00:00", ["E1"]);
    expect(await only([P1()], [I1(), b])).toEqual({
      file: "instances.jsonl",
      line: 2,
      record: 2,
      field: "decision_point_index",
      message: 'duplicate decision_point_index 1 for patient "P1" (also instance "I1")',
    });
  });

  test("unknown patient", async () => {
    const i = inst("I9", "P9", 1, "2031-03-02T00:00:00", []);
    expect(await only([P1()], [I1(), i])).toEqual({
      file: "instances.jsonl",
      line: 2,
      record: 2,
      field: "patient_id",
      message: 'unknown patient "P9"',
    });
  });

  test("an event with both a value and panel items", async () => {
    const p = patient("P2", [ev("E7", "2031-03-01T09:00:00", { items: [{ name: "NT", value: 1.6 }] })]);
    expect(await only([P1(), p], [I1()])).toEqual({
      file: "patients.jsonl",
      line: 2,
      record: 2,
      field: "events[0].items",
      message: "an event has either value/unit/ref_range/flag or items[], not both",
    });
  });

  test("a line that is not JSON; blank lines still count as physical lines", async () => {
    const text = `${JSON.stringify(P1())}\n\n{"patient_id": "P2",\n`;
    const issues = await parseIssues({ "patients.jsonl": text, "instances.jsonl": jsonl([I1()]) });
    expect(issues).toEqual([expect.objectContaining({ file: "patients.jsonl", line: 3, record: 2, field: "(json)" })]);
  });

  test("a line holding something other than an object", async () => {
    const issues = await parseIssues({ "patients.jsonl": jsonl([P1()]) + "[1, 2]\n", "instances.jsonl": jsonl([I1()]) });
    expect(issues).toEqual([{ file: "patients.jsonl", line: 2, record: 2, field: "(record)", message: "expected object, got [1,2]" }]);
  });

  test("missing instances.jsonl", async () => {
    const issues = await parseIssues({ "patients.jsonl": jsonl([P1()]) });
    expect(issues).toEqual([expect.objectContaining({ file: "instances.jsonl", field: "(file)" })]);
  });
});

describe("JSON bundle issues carry the record path and the line", () => {
  const bundle = (patients: Rec[], instances: Rec[]) =>
    JSON.stringify({ format: "ehr-decision-mcq", format_version: "1.0", dataset: { name: "t" }, patients, instances }, null, 2);
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

  test("malformed date, answer and evidence, all in one pass", async () => {
    const p = patient("P2", [ev("E7", "2031-13-01T09:00:00")]);
    const i = inst("I1", "P1", 1, "2031-03-02T00:00:00", ["E2"], { answer: "Z" });
    const text = bundle([P1(), p], [i]);
    const issues = await parseIssues({ "b.json": text });
    expect(issues).toEqual([
      {
        file: "b.json",
        line: lineOf(text, '"2031-13-01'),
        field: "patients[1].events[0].time",
        message: 'malformed ISO 8601 date-time: "2031-13-01T09:00:00"',
      },
      {
        file: "b.json",
        line: lineOf(text, '"answer": "Z"'),
        field: "instances[0].answer",
        message: 'answer "Z" is not an option label (A, B)',
      },
      {
        file: "b.json",
        line: lineOf(text, '"E2"\n'),
        field: "instances[0].evidence_event_ids[0]",
        message: 'evidence event "E2" at 2031-05-01T09:00:00 is dated after the cutoff 2031-03-02T00:00:00',
      },
    ]);
  });

  test("missing required field points at the enclosing record", async () => {
    const i = I1();
    delete i.chapter;
    const text = bundle([P1()], [i]);
    expect(await parseIssues({ "b.json": text })).toEqual([
      {
        file: "b.json",
        line: lineOf(text, '"instance_id": "I1"') - 1,
        field: "instances[0].chapter",
        message: "required field is missing",
      },
    ]);
  });

  test("wrong format version and a syntax error", async () => {
    const text = bundle([P1()], [I1()]).replace('"1.0"', '"2.0"');
    expect(await parseIssues({ "b.json": text })).toEqual([
      { file: "b.json", line: 3, field: "format_version", message: "unsupported format_version (expected 1.x)" },
    ]);
    const broken = bundle([P1()], [I1()]).replace('"chapter": "Prenatal Care",', '"chapter": "Prenatal Care"');
    expect(await parseIssues({ "b.json": broken })).toEqual([
      expect.objectContaining({ file: "b.json", line: lineOf(broken, '"rule_id"'), field: "(json)" }),
    ]);
  });
});

test("all issues are collected, capped with a total", async () => {
  const bad = Array.from({ length: 300 }, (_, k) => patient(`P${k}`, [ev("E1", "not-a-date")]));
  const r = await parseTexts(files(bad, []), 4096, { maxIssues: 200 });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.total).toBe(300);
  expect(r.issues).toHaveLength(200);
  expect(r.issues[199]).toMatchObject({ line: 200, record: 200, field: "events[0].time" });
});
