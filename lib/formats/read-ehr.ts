// Readers for `ehr-decision-mcq` v1: the JSON bundle and the JSONL pair.
import { isObject, parseBundleText, resolveBundleLines } from "./bundle-json";
import type { Chunks } from "./csv";
import type { FindingLog } from "./findings";
import { IssueLog, reportZod, type Where } from "./issues";
import { readJsonl } from "./jsonl";
import type { NormalizedDataset } from "./model";
import { pickExtra } from "./primitives";
import { collectText, type ProgressTracker } from "./progress";
import { ehrBundleSchema } from "./schema-ehr";
import { EhrDatasetBuilder } from "./validate-ehr";
import type { NotesStreamPlan } from "./validate-notes";

export interface ReadContext {
  log: IssueLog;
  progress: ProgressTracker;
  /** Keep the normalized records (parseDataset); false: validate only, keep compact indexes. */
  retain: boolean;
  /** Data-quality findings (content defects); absent where a pass re-reads validated input. */
  findings?: FindingLog;
}

export interface NamedChunks {
  name: string;
  chunks: Chunks;
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
}

const ehrCounts = (b: EhrDatasetBuilder): ReadCounts => ({ patients: b.patientCount, events: b.eventCount, notes: 0, items: b.itemCount, turns: 0 });

export async function readEhrJsonBundle(file: NamedChunks, ctx: ReadContext): Promise<ReadResult | undefined> {
  const text = await collectText(ctx.progress.wrap(file.name, file.chunks));
  const root = parseBundleText(text, file.name, ctx.log);
  if (root === undefined) return undefined;
  const top: Where = { file: file.name, path: "" };
  const head = ehrBundleSchema.safeParse(root, { reportInput: true });
  if (!head.success) reportZod(ctx.log, top, head.error);

  // Validate records even when the header is wrong, so one pass shows everything.
  const builder = new EhrDatasetBuilder(ctx.log, ctx.retain);
  const patients = isObject(root) && Array.isArray(root.patients) ? root.patients : [];
  const instances = isObject(root) && Array.isArray(root.instances) ? root.instances : [];
  patients.forEach((p, k) => builder.addPatient(p, { file: file.name, path: `patients[${k}]` }));
  instances.forEach((r, k) => builder.addInstance(r, { file: file.name, path: `instances[${k}]` }));
  ctx.progress.record(file.name, patients.length + instances.length);
  builder.finish();
  ctx.progress.done(file.name);
  resolveBundleLines(text, file.name, ctx.log);
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
  const builder = new EhrDatasetBuilder(ctx.log, ctx.retain);
  for (const [file, add] of [
    [patientsFile ?? "patients.jsonl", builder.addPatient.bind(builder)],
    [instancesFile ?? "instances.jsonl", builder.addInstance.bind(builder)],
  ] as const) {
    if (typeof file === "string") {
      ctx.log.add({ file, field: "(file)", message: `missing ${file}: the JSONL layout needs patients.jsonl and instances.jsonl` });
      continue;
    }
    for await (const entry of readJsonl(ctx.progress.wrap(file.name, file.chunks))) {
      ctx.progress.record(file.name);
      const where: Where = { file: file.name, line: entry.line, record: entry.record, path: "" };
      if (!entry.ok) ctx.log.add({ file: file.name, line: entry.line, record: entry.record, field: "(json)", message: entry.error });
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
