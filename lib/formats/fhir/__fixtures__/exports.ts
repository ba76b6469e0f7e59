// The FHIR export fixtures (tests/fixtures/fhir: a Synthea patient Bundle, a Bulk Data $export)
// as the export tests read them (tests only; the core never touches fs).
import fs from "node:fs";
import path from "node:path";
import type { Patient } from "../../model";
import { parseDataset } from "../../parse-dataset";
import { isJson, resourceKey } from "../resource";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/fhir");

/** Every file of a fixture directory, as uploaded. */
export function exportFiles(dir: string): Record<string, string> {
  const root = path.join(FIXTURES, dir);
  return Object.fromEntries(fs.readdirSync(root).map((name) => [name, fs.readFileSync(path.join(root, name), "utf8")]));
}

/** The files imported whole (parseDataset); a refused import throws with its first issues. */
export async function imported(texts: Record<string, string>) {
  const r = await parseDataset(Object.entries(texts).map(([name, text]) => ({ name, chunks: [text] })));
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 5), null, 1));
  return r;
}

/** The keys (`Type/id`) of a FHIR file's resources, as the importer names them. */
export function keysOf(name: string, text: string): string[] {
  if (name.endsWith(".ndjson"))
    return text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => resourceKey(JSON.parse(l)) ?? "");
  const bundle = JSON.parse(text) as { entry: { resource?: Record<string, unknown>; fullUrl?: string }[] };
  return bundle.entry.map((e) => (isJson(e.resource) ? (resourceKey(e.resource, e.fullUrl) ?? "") : ""));
}

export const eventsOf = (patients: Patient[]) => new Map(patients.flatMap((p) => p.events ?? []).map((e) => [e.eventId, e]));
