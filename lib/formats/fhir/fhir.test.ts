// FHIR R4 import: the synthetic histories round-trip (synthetic → FHIR → import = the native
// import of the same histories), the hand-built transaction bundle maps as FHIR defines it, and
// bad input is refused, located by file, line and JSON path.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generateEhr } from "@/lib/synth";
import { fhirBundleText, fhirNdjsonTexts } from "@/lib/synth/fhir/files";
import { eventKey, visitKey } from "@/lib/synth/fhir/write-fhir";
import type { EhrEvent, Patient } from "../model";
import { parseDataset, validateDatasetStream } from "../parse-dataset";
import { isoToMillis } from "../primitives";
import { collectDataset, streamDataset } from "../stream-dataset";
import { fhirValidator } from "./validator";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/fhir");
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const files = (texts: Record<string, string>) => Object.entries(texts).map(([name, text]) => ({ name, chunks: [text] }));
const reopenable = (texts: Record<string, string>) => Object.entries(texts).map(([name, text]) => ({ name, open: () => [text] }));

async function parsed(texts: Record<string, string>) {
  const r = await parseDataset(files(texts));
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 5), null, 1));
  return r;
}

async function issues(texts: Record<string, string>) {
  const r = await parseDataset(files(texts));
  if (r.ok) throw new Error("expected the import to be refused");
  return r.issues;
}

// The first compile of the R4 schema takes seconds (more on a loaded machine): once per file.
beforeAll(async () => {
  await fhirValidator();
}, 180_000);

/** A native event as the FHIR import must give it: ids as references, the time as an instant. */
function expectedEvent(patientId: string, e: EhrEvent): Omit<EhrEvent, "time"> & { ms: number } {
  const { time, ...rest } = e;
  const out = { ...rest, eventId: eventKey(patientId, { event_id: e.eventId, event_type: e.type }), ms: isoToMillis(time) as number };
  if (e.visitId) out.visitId = visitKey(patientId, e.visitId);
  return out;
}
const asInstants = (p: Patient) => (p.events ?? []).map(({ time, ...e }) => ({ ...e, ms: isoToMillis(time) as number }));
const byTime = <T extends { ms: number; eventId: string }>(list: T[]) =>
  [...list].sort((a, b) => a.ms - b.ms || a.eventId.localeCompare(b.eventId));

describe("synthetic histories round-trip through FHIR", () => {
  for (const language of ["en", "zh"] as const) {
    test(`${language}: NDJSON (one file per type) and a collection Bundle give the native events`, async () => {
      const records = [...generateEhr({ seed: `fhir-${language}`, size: "demo", patients: 4, language })];
      const native = await parsed({
        "patients.jsonl": records.map((r) => JSON.stringify(r.patient)).join("\n"),
        "instances.jsonl": records.flatMap((r) => r.instances.map((i) => JSON.stringify(i))).join("\n"),
      });
      const ndjson = fhirNdjsonTexts(records);
      const viaNdjson = await parsed(ndjson);
      const viaBundle = await parsed({
        "fhir-bundle.json": fhirBundleText(records),
        "instances.jsonl": ndjson["instances.jsonl"] as string,
      });
      for (const fhir of [viaNdjson, viaBundle]) {
        expect(fhir.stats).toMatchObject({
          format: "fhir-r4",
          patients: native.stats.patients,
          events: native.stats.events,
          items: native.stats.items,
        });
        native.dataset.patients.forEach((p, k) => {
          const got = fhir.dataset.patients[k] as Patient;
          expect(got.patientId).toBe(p.patientId);
          expect(got.pregnancyId).toBe(p.pregnancyId);
          expect(got.dating).toEqual(p.dating);
          expect(byTime(asInstants(got))).toEqual(byTime((p.events ?? []).map((e) => expectedEvent(p.patientId, e))));
        });
        expect(fhir.dataset.items.map((i) => i.kind === "mcq" && i.evidenceEventIds.length)).toEqual(
          native.dataset.items.map((i) => i.kind === "mcq" && i.evidenceEventIds.length),
        );
      }
    }, 120_000);
  }

  test("the streamed import (two passes, patients in batches) equals parseDataset", async () => {
    const records = [...generateEhr({ seed: "fhir-stream", size: "demo", patients: 3 })];
    const texts = fhirNdjsonTexts(records);
    const whole = await parsed(texts);
    const v = await validateDatasetStream(reopenable(texts));
    if (!v.ok) throw new Error(JSON.stringify(v.issues));
    expect(await collectDataset(v.summary, streamDataset(reopenable(texts), v.summary))).toEqual(whole.dataset);

    // A line kept for its batch as bytes and broken after validation is named when it is parsed.
    const name = Object.keys(texts).find((n) => n.startsWith("Observation")) as string;
    const broken = { ...texts, [name]: (texts[name] as string).replace("{", "[") };
    await expect(collectDataset(v.summary, streamDataset(reopenable(broken), v.summary))).rejects.toThrow(
      new RegExp(`${name.replace(".", "\\.")} changed after it was validated \\(record 1\\)`),
    );
  }, 120_000);
});

describe("a transaction bundle as FHIR writes one", () => {
  const texts = () => ({ "transaction-bundle.json": read("transaction-bundle.json"), "instances.jsonl": read("instances.jsonl") });

  test("resources map to events: values, ranges, flags, reports with results, decoded notes, visits, gestational age", async () => {
    const { dataset } = await parsed(texts());
    const p = dataset.patients[0] as Patient;
    expect(p.patientId).toBe("7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a01"); // the urn:uuid fullUrl, no id
    // Dated from the gestational-age observation: 12.4286 wk (87 d) on 2032-03-02.
    expect(p.dating).toEqual({ lmpDate: "2031-12-06", edd: "2032-09-11", method: "gestational age observation" });
    const ev = new Map((p.events ?? []).map((e) => [e.eventId, e]));
    expect(ev.get("Observation/hb1")).toMatchObject({
      type: "lab_test",
      value: 104,
      unit: "g/L",
      refRange: { low: 110, high: 150 },
      flag: "L",
      time: "2032-03-02T10:05:00+08:00",
      gaDays: 87,
    });
    expect(ev.get("Observation/bp1")?.items?.[0]).toMatchObject({ name: "Systolic BP", value: 142, flag: "H", refRange: { high: 140 } });
    expect(ev.get("Observation/bp1")?.visitId).toBe("Encounter/7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a02");
    expect(ev.get("DiagnosticReport/cbc1")).toMatchObject({
      text: "Mild anaemia.",
      items: [{ name: "Hemoglobin [Mass/volume] in Blood", value: 104 }],
    });
    expect(ev.get("DocumentReference/note1")?.text).toBe("Booking visit.\nG2P1 at 12+3 weeks; feels well & no bleeding.");
    expect(ev.get("Composition/plan1")?.text).toBe("Plan\n\nRepeat haemoglobin in 4 weeks.");
    expect(ev.get("MedicationStatement/iron")).toMatchObject({
      type: "medication",
      value: 200,
      unit: "mg",
      text: "200 mg orally twice daily",
    });
    expect(ev.get("Condition/anaemia")).toMatchObject({
      type: "diagnosis",
      code: { system: "SNOMED CT", value: "199244000" },
      text: "Start oral iron.",
    });
    expect(dataset.items[0]).toMatchObject({ evidenceEventIds: ["Observation/hb1", "DiagnosticReport/cbc1"] });
  });

  test("a schema error and an unresolved reference are located by JSON path and line; nothing is accepted", async () => {
    const bundle = JSON.parse(read("transaction-bundle.json"));
    bundle.entry[4].resource.valueQuantity.unit = 5;
    bundle.entry[5].resource.result[0].reference = "Observation/missing";
    const text = JSON.stringify(bundle, null, 2);
    const got = await issues({ "b.json": text, "instances.jsonl": read("instances.jsonl") });
    const lineOf = (needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;
    expect(got).toContainEqual({
      file: "b.json",
      field: "entry[4].resource.valueQuantity.unit",
      line: lineOf('"unit": 5'),
      code: "formats.expectedType",
      values: { expected: "string", got: "5" },
      message: "expected string, got 5",
    });
    expect(got).toContainEqual(
      expect.objectContaining({
        file: "b.json",
        field: "entry[5].resource.result[0].reference",
        message: expect.stringContaining('"Observation/missing" does not resolve'),
      }),
    );
  });

  test("NDJSON problems carry their line; evidence after the cutoff and unknown cutoff visits are refused", async () => {
    const bundle = JSON.parse(read("transaction-bundle.json"));
    // Bulk data has no fullUrls: each resource has its id, and references are Type/id.
    const lines = bundle.entry.map((e: { resource: object; fullUrl: string }) =>
      JSON.stringify({ id: e.fullUrl.slice(9), ...e.resource })
        .replaceAll('"urn:uuid:7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a01"', '"Patient/7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a01"')
        .replaceAll('"urn:uuid:7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a02"', '"Encounter/7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a02"'),
    );
    const ndjson = lines.join("\n");
    const bad = [...lines];
    bad[2] = bad[2].replace('"effectiveDateTime":"2032-03-02T09:10:00+08:00"', '"effectiveDateTime":"2032-03-02T09:10:00"');
    const inst = read("instances.jsonl")
      .replace('"visit_id": "Encounter/7f3c1a52-0b7e-4c3e-9a51-2d1f0c9e8a02"', '"visit_id": "Encounter/nope"')
      .replace('"Composition/plan1"', '"Procedure/us1"');
    const got = await issues({ "all.ndjson": bad.join("\n"), "instances.jsonl": inst });
    expect(got).toContainEqual(
      expect.objectContaining({
        file: "all.ndjson",
        line: 3,
        field: "effectiveDateTime",
        message: expect.stringContaining("malformed FHIR dateTime"),
      }),
    );
    expect(got).toContainEqual(expect.objectContaining({ file: "instances.jsonl", line: 1, field: "cutoff.visit_id" }));
    expect(got).toContainEqual(
      expect.objectContaining({
        file: "instances.jsonl",
        line: 2,
        field: "evidence_event_ids[0]",
        message: expect.stringContaining("after the cutoff"),
      }),
    );
    // The good NDJSON imports (ids given on each line instead of fullUrls).
    expect((await parsed({ "all.ndjson": ndjson, "instances.jsonl": read("instances.jsonl") })).stats.events).toBe(9);
  });

  test("a partial date, a history bundle and a missing instances file are refused with a reason", async () => {
    const bundle = JSON.parse(read("transaction-bundle.json"));
    bundle.type = "history";
    bundle.entry[10].resource.performedDateTime = "2032-03";
    const got = await issues({ "b.json": JSON.stringify(bundle), "instances.jsonl": read("instances.jsonl") });
    expect(got).toContainEqual(expect.objectContaining({ field: "type", message: expect.stringContaining('"history" is not read') }));
    expect(got).toContainEqual(
      expect.objectContaining({
        field: "entry[10].resource.performedDateTime",
        message: expect.stringContaining("only a year or a month"),
      }),
    );
    const alone = await issues({ "b.json": read("transaction-bundle.json") });
    expect(alone[0]?.message).toContain("missing instances.jsonl");
  });
});
