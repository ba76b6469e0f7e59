// The cutoff rule over FHIR records (property test): whatever the times — offsets anywhere from
// −12:00 to +14:00, `issued` later than `effective`, dates without a time — an item's record
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
  kind: fc.constantFrom("observation", "condition-date", "condition-time"),
  at: minutes,
  offset,
  issuedAfter: fc.option(fc.integer({ min: 0, max: 3 * 24 * 60 }), { nil: undefined }),
});

test("no event after the cutoff is ever in the item's record, and every earlier one is", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(resource, { minLength: 1, maxLength: 25 }), minutes, offset, async (specs, cutoffAt, cutoffOffset) => {
      const lines: string[] = [JSON.stringify({ resourceType: "Patient", id: "p1" })];
      const known = new Map<string, number>(); // resource → the instant it entered the record (oracle)
      specs.forEach((s, k) => {
        const ms = BASE + s.at * 60_000;
        if (s.kind === "observation") {
          const issued = s.issuedAfter === undefined ? undefined : fhirDateTime(ms + s.issuedAfter * 60_000, s.offset);
          const effective = fhirDateTime(ms, s.offset);
          lines.push(
            JSON.stringify({
              resourceType: "Observation",
              id: `o${k}`,
              status: "final",
              code: { text: `obs ${k}` },
              subject: { reference: "Patient/p1" },
              effectiveDateTime: effective,
              ...(issued ? { issued } : {}),
              valueQuantity: { value: k },
            }),
          );
          known.set(`Observation/o${k}`, Date.parse(issued ?? effective));
        } else {
          const recorded = s.kind === "condition-date" ? new Date(ms).toISOString().slice(0, 10) : fhirDateTime(ms, s.offset);
          lines.push(
            JSON.stringify({
              resourceType: "Condition",
              id: `c${k}`,
              code: { text: `condition ${k}` },
              subject: { reference: "Patient/p1" },
              recordedDate: recorded,
            }),
          );
          known.set(`Condition/c${k}`, Date.parse(recorded)); // a date alone: 00:00 UTC (the dataset's zone)
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
