// The cutoff rule over FHIR records (property test): whatever the times — offsets anywhere from
// −12:00 to +14:00, `issued` later than `effective`, dates without a time, allergies and
// immunizations recorded after their onset / occurrence, administrations by their period's
// start, a history condition dated to a month alone — an item's record
// (the stored events at or before its stored cutoff, as the case page selects them) holds
// exactly the resources that entered the record by the cutoff instant, computed independently
// of the importer (Date.parse of the FHIR values; `issued`, when given, is when it entered).
import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import { eventRow, itemRow } from "@/lib/server/datasets/rows";
import { parseDataset } from "../parse-dataset";
import { fhirValidator } from "./validator";

beforeAll(async () => {
  await fhirValidator();
}, 180_000);

const BASE = Date.UTC(2032, 2, 1);
const pad = (n: number) => String(n).padStart(2, "0");

/** An instant written as FHIR does, in the zone of `offsetMin` minutes east of UTC. */
function fhirDateTime(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? "-" : "+";
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const offset = fc.integer({ min: -12 * 4, max: 14 * 4 }).map((q) => q * 15);
const minutes = fc.integer({ min: 0, max: 20 * 24 * 60 });
const resource = fc.record({
  kind: fc.constantFrom("observation", "condition-date", "condition-time", "allergy", "administration", "immunization", "history-month"),
  at: minutes,
  offset,
  issuedAfter: fc.option(fc.integer({ min: 0, max: 3 * 24 * 60 }), { nil: undefined }),
});

test("no event after the cutoff is ever in the item's record, and every earlier one is", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(resource, { minLength: 1, maxLength: 25 }), minutes, offset, async (specs, cutoffAt, cutoffOffset) => {
      const lines: string[] = [JSON.stringify({ resourceType: "Patient", id: "p1" })];
      const known = new Map<string, number>(); // resource → the instant it entered the record (oracle)
      /** A resource of the record and the instant it entered the record. */
      const add = (resource: Record<string, unknown>, entered: string) => {
        // AllergyIntolerance and Immunization name their patient in `patient`, the others in `subject`.
        const who = resource.resourceType === "AllergyIntolerance" || resource.resourceType === "Immunization" ? "patient" : "subject";
        lines.push(JSON.stringify({ ...resource, [who]: { reference: "Patient/p1" } }));
        known.set(`${String(resource.resourceType)}/${String(resource.id)}`, Date.parse(entered));
      };
      specs.forEach((s, k) => {
        const ms = BASE + s.at * 60_000;
        const at = fhirDateTime(ms, s.offset);
        // Recorded (issued, recordedDate, recorded) after the clinical time by this much, when given.
        const later = s.issuedAfter === undefined ? undefined : fhirDateTime(ms + s.issuedAfter * 60_000, s.offset);
        switch (s.kind) {
          case "observation":
            add(
              {
                resourceType: "Observation",
                id: `o${k}`,
                status: "final",
                code: { text: `obs ${k}` },
                effectiveDateTime: at,
                ...(later ? { issued: later } : {}),
                valueQuantity: { value: k },
              },
              later ?? at,
            );
            break;
          case "allergy":
            add(
              {
                resourceType: "AllergyIntolerance",
                id: `a${k}`,
                code: { text: `allergy ${k}` },
                onsetDateTime: at,
                ...(later ? { recordedDate: later } : {}),
              },
              later ?? at,
            );
            break;
          case "immunization":
            add(
              {
                resourceType: "Immunization",
                id: `i${k}`,
                status: "completed",
                vaccineCode: { text: `vaccine ${k}` },
                occurrenceDateTime: at,
                ...(later ? { recorded: later } : {}),
              },
              later ?? at,
            );
            break;
          case "administration":
            add(
              {
                resourceType: "MedicationAdministration",
                id: `m${k}`,
                status: "completed",
                medicationCodeableConcept: { text: `drug ${k}` },
                effectivePeriod: { start: at, end: fhirDateTime(ms + 20 * 60_000, s.offset) },
              },
              at,
            );
            break;
          case "history-month": {
            // A month alone is kept at the month's first day, 00:00 in the dataset's zone (UTC here).
            const month = new Date(ms).toISOString().slice(0, 7);
            add({ resourceType: "Condition", id: `h${k}`, code: { text: `history ${k}` }, onsetDateTime: month }, `${month}-01T00:00:00Z`);
            break;
          }
          default: {
            const recorded = s.kind === "condition-date" ? new Date(ms).toISOString().slice(0, 10) : at;
            add({ resourceType: "Condition", id: `c${k}`, code: { text: `condition ${k}` }, recordedDate: recorded }, recorded); // a date alone: 00:00 UTC (the dataset's zone)
          }
        }
      });
      const cutoff = fhirDateTime(BASE + cutoffAt * 60_000, cutoffOffset);
      const instance = {
        instance_id: "i1",
        patient_id: "p1",
        cutoff: { time: cutoff },
        decision_point_index: 1,
        chapter: "Prenatal Care",
        rule_id: "R",
        evidence_level: "L1",
        question: "Q?",
        options: [
          { label: "A", text: "a" },
          { label: "B", text: "b" },
        ],
        answer: "A",
        evidence_event_ids: [],
      };
      const r = await parseDataset([
        { name: "Mixed.ndjson", chunks: [lines.join("\n")] },
        { name: "instances.jsonl", chunks: [JSON.stringify(instance)] },
      ]);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      const patient = r.dataset.patients[0]!;
      const item = itemRow("d", "p", r.dataset.items[0]!, 0);
      const shown = (patient.events ?? [])
        .map((e, k) => eventRow("p", e, k))
        .filter((row) => row.time <= (item.cutoffTime as Date))
        .map((row) => row.eventId);
      const cutoffMs = Date.parse(cutoff);
      for (const id of shown) expect(known.get(id)).toBeLessThanOrEqual(cutoffMs);
      expect(new Set(shown)).toEqual(new Set([...known].filter(([, ms]) => ms <= cutoffMs).map(([id]) => id)));
    }),
    { numRuns: 60 },
  );
}, 180_000);
