import { describe, expect, test } from "vitest";
import { english } from "@/lib/i18n/domain";
import { detectFormat as detect } from "../detect";

/** The detection as the command line says it: a refusal in English. */
const detectFormat = (...args: Parameters<typeof detect>) => {
  const d = detect(...args);
  return d.ok ? d : { ok: false as const, message: english(d.said) };
};
import { isNdjsonName } from "./read-fhir";

const instances = { name: "instances.jsonl", head: '{"instance_id":"i1","patient_id":"p1","cutoff":{"time":"2032-03-02T10:00:00Z"}}\n' };

describe("FHIR R4 detection", () => {
  test("NDJSON of resources (any number of files) and Bundles are FHIR, with instances.jsonl", () => {
    const d = detectFormat([
      { name: "Observation.ndjson", head: '{"resourceType":"Observation","id":"a"}\n' },
      { name: "Patient.ndjson", head: '{"resourceType":"Patient","id":"p1"}\n' },
      { name: "history.json", head: '{\n  "resourceType": "Bundle",\n  "type": "transaction"' },
      instances,
    ]);
    expect(d).toEqual({
      ok: true,
      format: "fhir-r4",
      files: [
        { name: "Observation.ndjson", role: "fhir" },
        { name: "Patient.ndjson", role: "fhir" },
        { name: "history.json", role: "fhir" },
        { name: "instances.jsonl", role: "instances" },
      ],
      ignored: [],
    });
  });

  test("a Bulk Data export's compressed NDJSON is FHIR, not ignored", () => {
    // Servers write `<Type>.<n>.ndjson.gz`; detection sees the inflated text.
    const d = detectFormat([
      { name: "Patient.000.ndjson.gz", head: '{"resourceType":"Patient","id":"p1"}\n' },
      { name: "Condition.000.ndjson.gz", head: '{"resourceType":"Condition","id":"c1"}\n' },
      { name: "instances.jsonl.gz", head: instances.head },
    ]);
    expect(d).toEqual({
      ok: true,
      format: "fhir-r4",
      files: [
        { name: "Patient.000.ndjson.gz", role: "fhir" },
        { name: "Condition.000.ndjson.gz", role: "fhir" },
        { name: "instances.jsonl.gz", role: "instances" },
      ],
      ignored: [],
    });
    expect(isNdjsonName("Condition.000.ndjson.gz")).toBe(true);
    expect(isNdjsonName("bundle.json.gz")).toBe(false);
  });

  test("the native JSONL pair is not mistaken for FHIR", () => {
    const d = detectFormat([{ name: "patients.jsonl", head: '{"patient_id":"p1","events":[]}\n' }, instances]);
    expect(d).toMatchObject({ ok: true, format: "ehr-decision-mcq-jsonl" });
  });

  test("chosen as FHIR, files with any name are FHIR files; a FHIR file cannot join another layout", () => {
    const d = detectFormat([{ name: "export.txt", head: '{"resourceType":"Patient"}' }, instances], "fhir-r4");
    expect(d).toMatchObject({
      ok: true,
      format: "fhir-r4",
      files: [
        { name: "export.txt", role: "fhir" },
        { name: "instances.jsonl", role: "instances" },
      ],
    });
    const mixed = detectFormat([
      { name: "Patient.ndjson", head: '{"resourceType":"Patient"}' },
      { name: "questions.csv", head: "subject_id,qa_category,turn_type\n" },
    ]);
    expect(mixed).toMatchObject({ ok: false, message: expect.stringContaining("cannot be combined with a fhir-r4 upload") });
  });
});
