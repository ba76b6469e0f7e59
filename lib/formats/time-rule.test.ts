// The one time rule: times with an offset are instants, times without one are read in the
// dataset's zone, and a patient's record (events and its items' cutoffs) may not mix the two.
import { expect, test } from "vitest";
import { parseIssues, parseOk, parseTexts } from "./__fixtures__/helpers";

type Rec = Record<string, unknown>;
const ev = (id: string, time: string): Rec => ({ event_id: id, time, event_type: "lab_test", name: "Hb", value: 112 });
const patient = (id: string, times: string[]): Rec => ({ patient_id: id, events: times.map((t, k) => ev(`E${k + 1}`, t)) });
const inst = (id: string, patientId: string, index: number, cutoff: string, evidence: string[] = []): Rec => ({
  instance_id: id,
  patient_id: patientId,
  cutoff: { time: cutoff },
  decision_point_index: index,
  chapter: "c",
  rule_id: "R1",
  evidence_level: "L1",
  question: "Next?",
  options: [
    { label: "A", text: "a" },
    { label: "B", text: "b" },
  ],
  answer: "A",
  evidence_event_ids: evidence,
});
const jsonl = (rs: Rec[]) => rs.map((r) => JSON.stringify(r)).join("\n") + "\n";
const files = (patients: Rec[], instances: Rec[]) => ({ "patients.jsonl": jsonl(patients), "instances.jsonl": jsonl(instances) });

test("a cutoff with an offset over events without one is refused, both values named (the reported bug)", async () => {
  const issues = await parseIssues(
    files([patient("P1", ["2033-04-14T14:00:00", "2033-04-14T14:09:00"])], [inst("I1", "P1", 1, "2033-04-14T14:08:00-12:00")]),
  );
  expect(issues).toEqual([
    {
      file: "instances.jsonl",
      line: 1,
      record: 1,
      field: "cutoff.time",
      message:
        'cutoff.time "2033-04-14T14:08:00-12:00" has a UTC offset, but "2033-04-14T14:00:00" (patients.jsonl line 1, events[0].time) of the same patient has none: give every time of a patient\'s record and its items with an offset, or none (then all are read in the dataset\'s time zone, UTC)',
    },
  ]);
});

test("events mixing the two within one patient are refused once, at the first odd one (bundle: line and path)", async () => {
  const bundle = {
    format: "ehr-decision-mcq",
    format_version: "1.0",
    dataset: {},
    patients: [patient("P1", ["2033-04-14T14:00:00Z", "2033-04-14T15:00:00", "2033-04-14T16:00:00"])],
    instances: [],
  };
  const text = JSON.stringify(bundle, null, 2);
  const issues = await parseIssues({ "b.json": text });
  expect(issues).toEqual([
    expect.objectContaining({
      file: "b.json",
      field: "patients[0].events[1].time",
      line: text.split("\n").findIndex((l) => l.includes("15:00:00")) + 1,
    }),
  ]);
  expect(issues[0]!.message).toMatch(
    /"2033-04-14T15:00:00" has no UTC offset, but "2033-04-14T14:00:00Z" \(b\.json patients\[0\]\.events\[0\]\.time\)/,
  );
});

test("consistent records are accepted: all with offsets (any mix of offsets), or all without", async () => {
  await parseOk(
    files(
      [patient("P1", ["2033-04-14T14:00:00+02:00", "2033-04-14T12:30:00Z"]), patient("P2", ["2033-04-14 10:00"])],
      [inst("I1", "P1", 1, "2033-04-14T14:08:00-12:00"), inst("I2", "P2", 1, "2033-04-15")],
    ),
  );
});

test("evidence and cutoffs are compared as instants, zone-less ones in the dataset's zone", async () => {
  // 12:00+02:00 is 10:00Z: before a cutoff at 11:00Z, though its wall-clock time is later.
  await parseOk(files([patient("P1", ["2033-04-14T12:00:00+02:00"])], [inst("I1", "P1", 1, "2033-04-14T11:00:00Z", ["E1"])]));
  const late = files([patient("P1", ["2033-04-14T12:00:00"])], [inst("I1", "P1", 1, "2033-04-14T11:00:00", ["E1"])]);
  expect((await parseTexts(late)).ok).toBe(false);
  // The same zone-less times read in one zone keep their order; a zone name is checked.
  expect((await parseTexts(late, 64, { timeZone: "Asia/Shanghai" })).ok).toBe(false);
  const bad = await parseTexts(late, 64, { timeZone: "Mars/Olympus" });
  expect(bad.ok ? [] : bad.issues).toEqual([
    expect.objectContaining({ field: "(time zone)", message: expect.stringMatching(/unknown time zone "Mars\/Olympus"/) }),
  ]);
});
