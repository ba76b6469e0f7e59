// The pregnancy of a FHIR export (the fixtures of exports.test.ts): which pregnancy Condition is
// the record's, how its gestational age is dated, and the findings when nothing dates it.
import { beforeAll, describe, expect, test } from "vitest";
import type { Patient } from "../model";
import { eventsOf, exportFiles, imported } from "./__fixtures__/exports";
import { fhirValidator } from "./validator";

beforeAll(async () => {
  await fhirValidator();
}, 180_000);

describe("gestational age from the first pregnancy evidence available", () => {
  test("Synthea's pregnancy (SNOMED CT 72892002, no EDD or LMP) is dated from its onset, the rule named", async () => {
    const r = await imported(exportFiles("synthea"));
    const p = r.dataset.patients[0] as Patient;
    expect(p.pregnancyId).toBe("6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f05");
    expect(p.dating).toEqual({ lmpDate: "2023-01-10", edd: "2023-10-17", method: "pregnancy Condition onset, taken as the LMP" });
    const ev = eventsOf(r.dataset.patients);
    expect(ev.get("Observation/6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f07")?.gaDays).toBe(56);
    expect(ev.get("MedicationAdministration/6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f16")?.gaDays).toBe(161);
    expect(ev.has("Condition/6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f05")).toBe(false); // the pregnancy itself, counted skipped
    expect(r.findings.list.filter((f) => f.kind === "gestational_age_unknown")).toEqual([]);
  }, 120_000);

  test("a Synthea patient with an earlier pregnancy: the latest is the record's, the earlier one a diagnosis event", async () => {
    const texts = exportFiles("synthea");
    const name = Object.keys(texts).find((n) => n.endsWith(".json")) as string;
    const bundle = JSON.parse(texts[name] as string);
    const current = bundle.entry.find((e: { resource: { id: string } }) => e.resource.id.endsWith("6f05"));
    const earlier = structuredClone(current);
    earlier.fullUrl = "urn:uuid:6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f99";
    Object.assign(earlier.resource, {
      id: "6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f99",
      onsetDateTime: "2019-04-02T09:00:00-04:00",
      recordedDate: "2019-04-02T09:00:00-04:00",
      abatementDateTime: "2019-12-20T09:00:00-05:00",
    });
    bundle.entry.splice(bundle.entry.indexOf(current) + 1, 0, earlier); // written after the current one
    const r = await imported({ ...texts, [name]: JSON.stringify(bundle, null, 2) });
    const p = r.dataset.patients[0] as Patient;
    expect(p.pregnancyId).toBe("6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f05");
    expect(p.dating?.lmpDate).toBe("2023-01-10");
    expect(eventsOf(r.dataset.patients).get("Condition/6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f99")).toMatchObject({
      type: "diagnosis",
      name: "Normal pregnancy",
      time: "2019-04-02T09:00:00-04:00",
    });
    expect(eventsOf(r.dataset.patients).get("Condition/6f1c2a4e-8b3d-4e5f-9a10-2b3c4d5e6f99")?.gaDays).toBeUndefined();
    const stats = r.stats.files.find((f) => f.name === name);
    expect(stats?.skipped).toContainEqual({
      what: "Condition (pregnancy)",
      count: 1,
      key: "pregnancy",
      detail: {},
      reason: expect.any(String),
    });
    expect(stats?.records).toBe(19);
  }, 120_000);

  test("a pregnancy nothing dates is a finding; a pregnancy_id naming another Condition is a finding", async () => {
    const r = await imported(exportFiles("bulk"));
    const p1 = r.dataset.patients.find((p) => p.patientId === "bulk-p1") as Patient;
    expect(p1.dating).toBeUndefined();
    expect((p1.events ?? []).every((e) => e.gaDays === undefined)).toBe(true);
    expect(r.findings.list).toContainEqual(
      expect.objectContaining({
        kind: "gestational_age_unknown",
        file: "Condition.000.ndjson",
        line: 1,
        detail: { patient: "bulk-p1", pregnancy: "Condition/preg1" },
      }),
    );
    expect(r.findings.list).toContainEqual(
      expect.objectContaining({
        kind: "pregnancy_id_not_pregnancy",
        file: "instances.jsonl",
        line: 2,
        field: "pregnancy_id",
        item: "BULK-2",
        detail: { pregnancyId: "htn2", names: "Condition/htn2" },
      }),
    );
  }, 120_000);
});
