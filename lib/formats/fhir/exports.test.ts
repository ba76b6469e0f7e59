// FHIR R4 exports as their writers write them: a Synthea patient Bundle (FhirR4.java: a
// transaction Bundle, urn:uuid fullUrls, ids set) and a Bulk Data $export (NDJSON, one file per
// resource type, `Type/id` references, Binary resources beside the DocumentReferences). Issue
// #32: nothing of the export vanishes without a word, and what is mapped keeps its meaning.
// The pregnancy and its dating from these exports: exports-pregnancy.test.ts.
import { beforeAll, describe, expect, test } from "vitest";
import { measurementText } from "@/components/ehr-viewer/format";
import { eventViewModel } from "@/lib/server/review/view-model";
import type { EhrEvent } from "../model";
import { parseDataset, validateDatasetStream } from "../parse-dataset";
import { collectDataset, streamDataset } from "../stream-dataset";
import { eventsOf, exportFiles, imported, keysOf } from "./__fixtures__/exports";
import { fhirValidator } from "./validator";

beforeAll(async () => {
  await fhirValidator();
}, 180_000);

describe("every resource of an export is stored or reported skipped, per file", () => {
  for (const dir of ["synthea", "bulk"])
    test(`${dir}: resources in the file = events stored + skipped (per type, with a reason)`, async () => {
      const texts = exportFiles(dir);
      const r = await imported(texts);
      const events = eventsOf(r.dataset.patients);
      const fhirFiles = Object.keys(texts).filter((n) => n !== "instances.jsonl");
      for (const name of fhirFiles) {
        const keys = keysOf(name, texts[name] as string);
        const stats = r.stats.files.find((f) => f.name === name);
        const stored = keys.filter((k) => events.has(k)).length;
        const skipped = (stats?.skipped ?? []).reduce((n, s) => n + s.count, 0);
        expect({ name, resources: keys.length, records: stats?.records }).toEqual({ name, resources: keys.length, records: keys.length });
        expect({ name, total: stored + skipped }).toEqual({ name, total: keys.length });
        for (const s of stats?.skipped ?? []) expect(s.reason).toMatch(/\w{3,}.*\./);
      }
      // Every stored event came from one of the files.
      expect(fhirFiles.flatMap((n) => keysOf(n, texts[n] as string)).filter((k) => events.has(k)).length).toBe(events.size);
    }, 120_000);

  test("a transaction's entry without a resource (a DELETE) is counted too", async () => {
    const texts = exportFiles("synthea");
    const name = Object.keys(texts).find((n) => n.endsWith(".json")) as string;
    const bundle = JSON.parse(texts[name] as string);
    bundle.entry.push({ request: { method: "DELETE", url: "Observation/old-1" } });
    const r = await imported({ ...texts, [name]: JSON.stringify(bundle) });
    const stats = r.stats.files.find((f) => f.name === name);
    expect(stats?.records).toBe(19);
    expect(stats?.skipped).toContainEqual({
      what: "(Bundle entry without a resource)",
      count: 1,
      key: "noResource",
      detail: {},
      reason: expect.stringContaining("DELETE"),
    });
  }, 120_000);

  test("Synthea's administrative resources are counted with their reasons", async () => {
    const texts = exportFiles("synthea");
    const r = await imported(texts);
    const name = Object.keys(texts).find((n) => n.endsWith(".json")) as string;
    const skipped = r.stats.files.find((f) => f.name === name)?.skipped ?? [];
    expect(skipped).toEqual(
      expect.arrayContaining([
        { what: "Patient", count: 1, key: "patient", detail: {}, reason: expect.stringContaining("patient") },
        { what: "Encounter", count: 3, key: "encounter", detail: {}, reason: expect.stringContaining("visit") },
        { what: "Claim", count: 1, key: "billing", detail: {}, reason: expect.stringContaining("Billing") },
        { what: "Provenance", count: 1, key: "provenance", detail: {}, reason: expect.any(String) },
        { what: "CareTeam", count: 1, key: "unmapped", detail: { type: "CareTeam" }, reason: expect.stringContaining("does not map") },
      ]),
    );
  }, 120_000);
});

describe("what a clinician reads is mapped as events (issue #32)", () => {
  test("allergies, immunizations, administrations, orders, care plans and questionnaire answers; items may cite them", async () => {
    const r = await imported(exportFiles("bulk"));
    const ev = eventsOf(r.dataset.patients);
    expect(ev.get("AllergyIntolerance/pen1")).toMatchObject({
      type: "diagnosis",
      name: "Allergy: Penicillin",
      time: "2024-03-05T10:15:00+00:00", // recordedDate: when it entered the record, not the 2009 onset
      text: expect.stringMatching(/criticality high[\s\S]*Reaction: Anaphylaxis, severe/),
    });
    expect(ev.get("Immunization/tdap1")).toMatchObject({
      type: "medication",
      name: "Immunization: Tdap",
      time: "2024-05-20T11:00:00+00:00",
    });
    expect(ev.get("MedicationAdministration/mg1")).toMatchObject({
      type: "medication",
      name: "magnesium sulfate",
      time: "2024-06-12T10:00:00+00:00", // effectivePeriod.start
      value: 4,
      unit: "g",
      visitId: "Encounter/enc1",
      text: expect.stringContaining("Intravenous route, rate 12 g/h"),
    });
    expect(ev.get("ServiceRequest/gbs1")).toMatchObject({ type: "lab_test", time: "2024-06-12T09:05:00+00:00" });
    expect(ev.get("CarePlan/cp1")).toMatchObject({ type: "clinical_note", name: "Pre-eclampsia management plan" });
    expect(ev.get("QuestionnaireResponse/epds1")).toMatchObject({
      type: "screening",
      text: expect.stringContaining("The thought of harming myself has occurred to me: Never\nEPDS total score: 4"),
    });
    expect(r.dataset.items[0]).toMatchObject({ evidenceEventIds: ["AllergyIntolerance/pen1", "MedicationAdministration/mg1"] });
  }, 120_000);

  test("Synthea's allergy and IV magnesium (MedicationAdministration.context is the encounter) are events", async () => {
    const r = await imported(exportFiles("synthea"));
    const ev = [...eventsOf(r.dataset.patients).values()];
    expect(ev.find((e) => e.eventId.startsWith("AllergyIntolerance/"))).toMatchObject({ name: "Allergy: Penicillin G" });
    const mg = ev.find((e) => e.eventId.startsWith("MedicationAdministration/")) as EhrEvent;
    expect(mg).toMatchObject({ type: "medication", value: 4, visitId: expect.stringMatching(/^Encounter\//) });
  }, 120_000);

  test("a MedicationAdministration's context must be an Encounter of the import, located at context.reference", async () => {
    const texts = exportFiles("bulk");
    texts["MedicationAdministration.000.ndjson"] = (texts["MedicationAdministration.000.ndjson"] as string).replace(
      "Encounter/enc1",
      "Encounter/gone",
    );
    const r = await parseDataset(Object.entries(texts).map(([name, text]) => ({ name, chunks: [text] })));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toContainEqual(
        expect.objectContaining({ file: "MedicationAdministration.000.ndjson", line: 1, field: "context.reference" }),
      );
  }, 120_000);

  test("a type mapped since #32 without a time is reported skipped, not refused", async () => {
    const texts = exportFiles("bulk");
    texts["Immunization.000.ndjson"] = (texts["Immunization.000.ndjson"] as string).replace(
      '"occurrenceDateTime"',
      '"occurrenceString":"childhood","x"',
    );
    texts["Immunization.000.ndjson"] = (texts["Immunization.000.ndjson"] as string).replace(',"x":"2024-05-20T11:00:00+00:00"', "");
    const r = await imported(texts);
    expect(r.stats.files.find((f) => f.name === "Immunization.000.ndjson")?.skipped).toEqual([
      {
        what: "Immunization (no time)",
        count: 1,
        key: "noTime",
        detail: { type: "Immunization", elements: expect.stringContaining("occurrence") },
        reason: expect.stringContaining("cannot be placed before or after a cutoff"),
      },
    ]);
  }, 120_000);
});

describe("partial dates in history entries", () => {
  test("a month-only onset is kept at the month's start, with a finding naming the precision", async () => {
    const r = await imported(exportFiles("bulk"));
    expect(eventsOf(r.dataset.patients).get("Condition/appx1")).toMatchObject({ time: "2015-07-01", name: "Appendicitis" });
    expect(r.findings.list).toContainEqual(
      expect.objectContaining({
        kind: "partial_date",
        file: "Condition.000.ndjson",
        line: 2,
        field: "onsetDateTime",
        detail: { event: "Condition/appx1", written: "2015-07", precision: "month", placedAt: "2015-07-01" },
      }),
    );
  }, 120_000);
});

describe("an observation's value keeps its meaning", () => {
  test("a comparator stays with the number; dataAbsentReason, text ranges and the flag are shown in the viewer", async () => {
    const r = await imported(exportFiles("bulk"));
    const ev = eventsOf(r.dataset.patients);
    const trop = ev.get("Observation/trop1") as EhrEvent;
    expect(trop).toMatchObject({ value: "<0.01", unit: "ng/mL", refRange: { high: 0.04 }, flag: "N" });
    const shown = eventViewModel("x", trop);
    expect(measurementText(shown.measurement as NonNullable<typeof shown.measurement>)).toBe("<0.01 ng/mL (≤ 0.04)");
    // No value: the reason is the text the viewer shows, the range is kept.
    const k = ev.get("Observation/k1") as EhrEvent;
    expect(k).toMatchObject({ refRange: { low: 3.5, high: 5.1 }, text: "No result: sample haemolysed." });
    expect(k.value).toBeUndefined();
    expect(eventViewModel("x", k).text).toBe("No result: sample haemolysed.");
    // A range given as text only ("Negative") and an interpretation on a coded value.
    expect(ev.get("Observation/uprot1")).toMatchObject({ value: "2+", flag: "A", text: "Reference range: Negative." });
    // The report's items keep them too.
    expect(ev.get("DiagnosticReport/chem1")?.items).toEqual([
      expect.objectContaining({ value: "<0.01", unit: "ng/mL" }),
      expect.objectContaining({ text: "No result: sample haemolysed." }),
    ]);
  }, 120_000);
});

describe("a DiagnosticReport is read by its category", () => {
  test("a note category (LOINC 34117-2) is a clinical note with its presentedForm text; LAB stays a lab result", async () => {
    const bulk = eventsOf((await imported(exportFiles("bulk"))).dataset.patients);
    expect(bulk.get("DiagnosticReport/hp1")).toMatchObject({
      type: "clinical_note",
      name: "History and physical note",
      text: "Admission note.\nSevere pre-eclampsia at 36+2 weeks. Known penicillin anaphylaxis.",
    });
    expect(bulk.get("DiagnosticReport/chem1")?.type).toBe("lab_test");
    // Synthea's clinical note: category and code 34117-2 + 51847-2, text/plain; charset=utf-8.
    const synthea = [...eventsOf((await imported(exportFiles("synthea"))).dataset.patients).values()];
    const reports = synthea.filter((e) => e.eventId.startsWith("DiagnosticReport/"));
    expect(reports.map((e) => [e.name, e.type])).toEqual([
      ["CBC panel - Blood by Automated count", "lab_test"],
      ["History and physical note", "clinical_note"],
    ]);
    expect(reports[1]?.text).toContain("Penicillin G: anaphylaxis.");
  }, 120_000);
});

describe("notes whose text is elsewhere", () => {
  test("a Binary of the export (attachment.url) and an RTF note become text; a link outside the export is a finding", async () => {
    const r = await imported(exportFiles("bulk"));
    const ev = eventsOf(r.dataset.patients);
    expect(ev.get("DocumentReference/doc-bin")?.text).toBe(
      "Anaesthetic review.\nAirway Mallampati II. Platelets 142. Plan: early epidural.",
    );
    expect(ev.get("DocumentReference/doc-rtf")?.text).toBe(
      "Midwife handover\nPlan: continue MgSO4 at 1 g/h; observe reflexes.\nPt prefers 刻ain-free language.",
    );
    expect(ev.get("DocumentReference/doc-ext")?.text).toBeUndefined();
    expect(r.findings.list).toContainEqual(
      expect.objectContaining({
        kind: "note_text_unavailable",
        file: "DocumentReference.000.ndjson",
        line: 3,
        field: "content[0].attachment.url",
        message: expect.stringContaining("note text not available: https://records.example.org/fhir/Binary/prev-discharge-2019"),
        detail: { event: "DocumentReference/doc-ext", url: "https://records.example.org/fhir/Binary/prev-discharge-2019" },
      }),
    );
    expect(r.findings.list.filter((f) => f.kind === "note_text_unavailable")).toHaveLength(1);
  }, 120_000);

  test("the streamed import reads the Binary the same way (pass 2 gathers it with the note's patient)", async () => {
    const texts = exportFiles("bulk");
    const files = Object.entries(texts).map(([name, text]) => ({ name, open: () => [text] }));
    const v = await validateDatasetStream(files);
    if (!v.ok) throw new Error(JSON.stringify(v.issues));
    const streamed = await collectDataset(v.summary, streamDataset(files, v.summary));
    const whole = await imported(texts);
    expect(streamed).toEqual(whole.dataset);
    // The streamed path's pass 1 reports the same skipped counts per file.
    expect(v.summary.stats.files.map((f) => [f.name, f.records, f.skipped])).toEqual(
      whole.stats.files.map((f) => [f.name, f.records, f.skipped]),
    );
    expect(eventsOf(streamed.patients).get("DocumentReference/doc-bin")?.text).toContain("Anaesthetic review.");
  }, 120_000);
});
