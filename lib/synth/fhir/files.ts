/**
 * Synthetic histories as FHIR files: NDJSON one file per resource type, as a bulk `$export`
 * writes them, or one collection Bundle; and instances.jsonl over them.
 */
import type { Json } from "../../formats/fhir/resource";
import type { EhrPatientRecord } from "../ehr/generate";
import { fhirInstance, patientResources } from "./write-fhir";

/** One patient's lines: per resource type its NDJSON lines, and the instance lines. */
export function fhirLines(rec: Pick<EhrPatientRecord, "patient" | "instances">): { byType: Map<string, string[]>; instances: string[] } {
  const byType = new Map<string, string[]>();
  for (const r of patientResources(rec.patient)) {
    const type = r.resourceType as string;
    let lines = byType.get(type);
    if (!lines) byType.set(type, (lines = []));
    lines.push(JSON.stringify(r));
  }
  const events = new Map(rec.patient.events.map((e) => [e.event_id, e]));
  return { byType, instances: rec.instances.map((i) => JSON.stringify(fhirInstance(i, events))) };
}

/** A collection Bundle's entries for one patient (`fullUrl` as a server would give them). */
export function bundleEntries(rec: Pick<EhrPatientRecord, "patient">): Json[] {
  return patientResources(rec.patient).map((resource) => ({
    fullUrl: `https://fhir.example.org/r4/${String(resource.resourceType)}/${String(resource.id)}`,
    resource,
  }));
}

/** Whole texts of the NDJSON layout (tests, small sizes). */
export function fhirNdjsonTexts(records: Iterable<Pick<EhrPatientRecord, "patient" | "instances">>): Record<string, string> {
  const files = new Map<string, string[]>();
  const instances: string[] = [];
  for (const rec of records) {
    const { byType, instances: lines } = fhirLines(rec);
    for (const [type, l] of byType) files.set(type, [...(files.get(type) ?? []), ...l]);
    instances.push(...lines);
  }
  const out: Record<string, string> = {};
  for (const [type, lines] of files) out[`${type}.ndjson`] = `${lines.join("\n")}\n`;
  out["instances.jsonl"] = `${instances.join("\n")}\n`;
  return out;
}

/** Whole text of the Bundle layout: one collection Bundle of every patient's resources. */
export function fhirBundleText(records: Iterable<Pick<EhrPatientRecord, "patient">>): string {
  const entry = [...records].flatMap((rec) => bundleEntries(rec));
  return JSON.stringify({ resourceType: "Bundle", type: "collection", entry }, null, 1);
}
