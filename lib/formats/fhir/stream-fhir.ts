// Pass 2 of a FHIR R4 import: each patient with its events, built from the records pass 1
// assigned to it. The resources of one patient are scattered (bulk export writes one file per
// resource type), so patients are gathered in batches that fit in BATCH_CHARS: every file is
// read once per batch, and only the records of the batch's patients are parsed. A typical
// upload is one batch; the full-size benchmark (~300 MB) a handful.
import { scanBundle } from "../bundle-scan";
import type { Chunks } from "../csv";
import { readLines } from "../jsonl";
import type { Patient } from "../model";
import { DatasetChangedError } from "../stream-dataset";
import { assemblePatient, type PatientResources } from "./assemble";
import { batches, type FhirPlan } from "./plan";
import { isJson, str, type Json } from "./resource";

type Open = (name: string) => Chunks;

/** The records of `file` whose owner is in `wanted`, with their owner. */
async function* wantedRecords(
  plan: FhirPlan,
  f: number,
  chunks: Chunks,
  wanted: (owner: number) => boolean,
): AsyncGenerator<{ owner: number; resource: Json; fullUrl?: string }> {
  const { name, layout } = plan.files[f] as FhirPlan["files"][number];
  const owners = plan.owners[f]!;
  if (layout === "ndjson") {
    let record = 0;
    for await (const { text, overLong } of readLines(chunks)) {
      if (!overLong && text.trim() === "") continue;
      const owner = owners.get(record++);
      if (owner < 0 || !wanted(owner)) continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new DatasetChangedError(name, `record ${record}`);
      }
      if (!isJson(value)) throw new DatasetChangedError(name, `record ${record}`);
      yield { owner, resource: value };
    }
    return;
  }
  const want = (key: string, index: number) => key === "entry" && wanted(owners.get(index));
  for await (const e of scanBundle(chunks, { arrays: ["entry"], wanted: want })) {
    if (e.kind === "error") throw new DatasetChangedError(name, e.message);
    if (e.kind !== "record") continue;
    const entry = e.value;
    if (!isJson(entry) || !isJson(entry.resource)) throw new DatasetChangedError(name, `entry[${e.index}]`);
    const fullUrl = str(entry.fullUrl);
    yield { owner: owners.get(e.index), resource: entry.resource, ...(fullUrl ? { fullUrl } : {}) };
  }
}

/** Patients in plan order, each with its events, batch by batch. */
export async function* streamFhirPatients(plan: FhirPlan, open: Open): AsyncGenerator<Patient> {
  for (const batch of batches(plan.patients)) {
    const first = batch[0] as number;
    const gathered = new Map<number, PatientResources>(
      batch.map((k) => {
        const { id, pregnancy } = plan.patients[k]!;
        return [k, pregnancy ? { id, pregnancy, resources: [] } : { id, resources: [] }];
      }),
    );
    const inBatch = (owner: number) => owner >= first && owner <= (batch[batch.length - 1] as number);
    for (let f = 0; f < plan.files.length; f++)
      for await (const r of wantedRecords(plan, f, open(plan.files[f]!.name), inBatch))
        gathered.get(r.owner)!.resources.push(r.fullUrl ? { resource: r.resource, fullUrl: r.fullUrl } : { resource: r.resource });
    for (const k of batch) {
      const p = gathered.get(k)!;
      gathered.delete(k); // released as soon as it is yielded
      yield assemblePatient(p, plan.aliases, plan.timeZone);
    }
  }
}

export async function collectFhirPatients(plan: FhirPlan, open: Open): Promise<Patient[]> {
  const out: Patient[] = [];
  for await (const p of streamFhirPatients(plan, open)) out.push(p);
  return out;
}
