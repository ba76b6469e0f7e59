// Pass 2 of a FHIR R4 import: each patient with its events, built from the records pass 1
// assigned to it. The resources of one patient are scattered (bulk export writes one file per
// resource type), so patients are gathered in batches that fit in BATCH_CHARS: every file is
// read once per batch, and only the records of the batch's patients are parsed. A typical
// upload is one batch; the full-size benchmark (~300 MB) a handful. An NDJSON record waits for
// its batch as UTF-8 bytes and is parsed only when its patient is assembled: parsed, a batch's
// resources took several times their text's size on the heap.
import { english } from "../../i18n/domain";
import { scanBundle } from "../bundle-scan";
import type { Chunks } from "../csv";
import { readLines } from "../jsonl";
import type { Patient } from "../model";
import { DatasetChangedError } from "../stream-records";
import { assemblePatient } from "./assemble";
import { batches, type FhirPlan } from "./plan";
import { isJson, str, type Json } from "./resource";

type Open = (name: string) => Chunks;

/** A record of a batch: parsed (bundle entries), or an NDJSON line kept as bytes until its patient is assembled. */
type Gathered = { resource: Json; fullUrl?: string } | { bytes: Uint8Array; file: string; record: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function parsed(g: Gathered): { resource: Json; fullUrl?: string } {
  if ("resource" in g) return g;
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(g.bytes));
  } catch {
    throw new DatasetChangedError(g.file, `record ${g.record}`);
  }
  if (!isJson(value)) throw new DatasetChangedError(g.file, `record ${g.record}`);
  return { resource: value };
}

/** The records of `file` whose owner is in `wanted`, with their owner. */
async function* wantedRecords(
  plan: FhirPlan,
  f: number,
  chunks: Chunks,
  wanted: (owner: number) => boolean,
): AsyncGenerator<{ owner: number; record: Gathered }> {
  const { name, layout } = plan.files[f] as FhirPlan["files"][number];
  const owners = plan.owners[f]!;
  if (layout === "ndjson") {
    let record = 0;
    for await (const { text, overLong } of readLines(chunks)) {
      if (!overLong && text.trim() === "") continue;
      const owner = owners.get(record++);
      if (owner < 0 || !wanted(owner)) continue;
      // Bytes, not the line: a line may be a slice that keeps its whole chunk alive.
      yield { owner, record: { bytes: encoder.encode(text), file: name, record } };
    }
    return;
  }
  const want = (key: string, index: number) => key === "entry" && wanted(owners.get(index));
  for await (const e of scanBundle(chunks, { arrays: ["entry"], wanted: want })) {
    if (e.kind === "error") throw new DatasetChangedError(name, english(e.said));
    if (e.kind !== "record") continue;
    const entry = e.value;
    if (!isJson(entry) || !isJson(entry.resource)) throw new DatasetChangedError(name, `entry[${e.index}]`);
    const fullUrl = str(entry.fullUrl);
    yield { owner: owners.get(e.index), record: { resource: entry.resource, ...(fullUrl ? { fullUrl } : {}) } };
  }
}

/** Patients in plan order, each with its events, batch by batch. */
export async function* streamFhirPatients(plan: FhirPlan, open: Open): AsyncGenerator<Patient> {
  for (const batch of batches(plan.patients)) {
    const first = batch[0] as number;
    const gathered = new Map<number, Gathered[]>(batch.map((k) => [k, []]));
    const inBatch = (owner: number) => owner >= first && owner <= (batch[batch.length - 1] as number);
    for (let f = 0; f < plan.files.length; f++)
      for await (const r of wantedRecords(plan, f, open(plan.files[f]!.name), inBatch)) gathered.get(r.owner)!.push(r.record);
    for (const k of batch) {
      const records = gathered.get(k)!;
      gathered.delete(k); // released as soon as it is yielded
      const { id, pregnancy } = plan.patients[k]!;
      const resources = records.map(parsed);
      yield assemblePatient(pregnancy ? { id, pregnancy, resources } : { id, resources }, plan.aliases, plan.timeZone);
    }
  }
}

export async function collectFhirPatients(plan: FhirPlan, open: Open): Promise<Patient[]> {
  const out: Patient[] = [];
  for await (const p of streamFhirPatients(plan, open)) out.push(p);
  return out;
}
