// Readers for `ehr-decision-mcq` v1: the JSON bundle and the JSONL pair.
import { readBundle } from "./bundle-json";
import type { Chunks } from "./csv";
import type { FindingLog } from "./findings";
import { type IssueLog, located, type Where } from "./issues";
import { readJsonl } from "./jsonl";
import type { NormalizedDataset } from "./model";
import { pickExtra } from "./primitives";
import type { ProgressTracker } from "./progress";
import { ehrBundleSchema } from "./schema-ehr";
import type { EhrDatasetBuilder } from "./validate-ehr";
import type { NotesStreamPlan } from "./validate-notes";
import type { FhirPlan } from "./fhir/plan";
import { ehrBuilder, patientsRead, type PartsPhase } from "./parts-phase";

export interface ReadContext {
  log: IssueLog;
  progress: ProgressTracker;
  /** Keep the normalized records (parseDataset); false: validate only, keep compact indexes. */
  retain: boolean;
  /** Data-quality findings (content defects); absent where a pass re-reads validated input. */
  findings?: FindingLog;
  /** IANA zone for times without a UTC offset (default UTC). */
  timeZone?: string;
  /** A read split at the patients/items boundary (parts-phase.ts); absent: the whole dataset. */
  parts?: PartsPhase;
}

export interface NamedChunks {
  name: string;
  chunks: Chunks;
  /** The same text once more (a JSON bundle is re-read to locate its issues, if it has any). */
  reopen?: () => Chunks;
}

export interface ReadCounts {
  patients: number;
  events: number;
  notes: number;
  items: number;
  turns: number;
}

export interface ReadResult {
  /** `patients` and `items` are empty unless the context retains records. */
  dataset: NormalizedDataset;
  counts: ReadCounts;
  plan?: NotesStreamPlan;
  /** FHIR R4: which patient each record belongs to (pass 2 gathers patients by it). */
  fhir?: FhirPlan;
}

const ehrCounts = (b: EhrDatasetBuilder): ReadCounts => ({
  patients: b.patientCount,
  events: b.eventCount,
  notes: 0,
  items: b.itemCount,
  turns: 0,
});

export async function readEhrJsonBundle(file: NamedChunks, ctx: ReadContext): Promise<ReadResult | undefined> {
  const builder = ehrBuilder(ctx);
  const read = await readBundle(file, ctx, ehrBundleSchema, {
    patients: (p, where) => builder.addPatient(p, where),
    instances: (r, where) => builder.addInstance(r, where),
  });
  if (!read) return undefined;
  const { root, head } = read;
  // A digest's bundle has no instances (parts-phase.ts): the patients are all read here.
  patientsRead(ctx, builder);
  builder.finish();
  await read.locate();
  if (!head.success) return undefined;

  const dataset: NormalizedDataset = {
    family: "ehr-decision-mcq",
    format: "ehr-decision-mcq-json",
    formatVersion: head.data.format_version,
    meta: head.data.dataset,
    patients: builder.patients,
    items: builder.items,
  };
  const extra = pickExtra(root, ["format", "format_version", "dataset", "patients", "instances"]);
  if (extra) dataset.extra = extra;
  return { dataset, counts: ehrCounts(builder) };
}

/** Streams patients.jsonl first (instances refer to patients), then instances.jsonl. */
export async function readEhrJsonl(
  patientsFile: NamedChunks | undefined,
  instancesFile: NamedChunks | undefined,
  ctx: ReadContext,
): Promise<ReadResult | undefined> {
  const builder = ehrBuilder(ctx);
  for (const [file, add] of [
    [patientsFile ?? "patients.jsonl", builder.addPatient.bind(builder)],
    [instancesFile ?? "instances.jsonl", builder.addInstance.bind(builder)],
  ] as const) {
    if (file === instancesFile) patientsRead(ctx, builder);
    if (typeof file === "string") {
      ctx.log.add(located({ file, field: "(file)" }, { code: "formats.missingJsonlFile", values: { file } }));
      continue;
    }
    for await (const entry of readJsonl(ctx.progress.wrap(file.name, file.chunks))) {
      ctx.progress.record(file.name);
      const where: Where = { file: file.name, line: entry.line, record: entry.record, path: "" };
      if (!entry.ok) ctx.log.add(located({ file: file.name, line: entry.line, record: entry.record, field: "(json)" }, entry.error));
      else add(entry.value, where);
    }
    ctx.progress.done(file.name);
  }
  builder.finish();
  if (!patientsFile || !instancesFile) return undefined;
  return {
    dataset: {
      family: "ehr-decision-mcq",
      format: "ehr-decision-mcq-jsonl",
      meta: {},
      patients: builder.patients,
      items: builder.items,
    },
    counts: ehrCounts(builder),
  };
}
