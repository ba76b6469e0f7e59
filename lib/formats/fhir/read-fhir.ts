// Pass 1 of a FHIR R4 import: the FHIR files (Bundles and/or NDJSON) and instances.jsonl,
// read one resource / one line at a time. Bundles stream entry by entry (bundle-json.ts);
// their issues are located by JSON path (`entry[12].resource.valueQuantity.unit`) and line.
import { z } from "zod";
import { readBundle } from "../bundle-json";
import type { Chunks } from "../csv";
import type { DomainMessage } from "../../i18n/domain";
import { issueAt, located, type Where } from "../issues";
import { readJsonl, readLines } from "../jsonl";
import { lineTooLong, parseJsonWithin } from "../reader-limits";
import type { NormalizedDataset } from "../model";
import type { NamedChunks, ReadContext, ReadResult } from "../read-ehr";
import { EhrDatasetBuilder } from "../validate-ehr";
import { FhirIndex } from "./index-records";
import { isJson, str } from "./resource";
import { collectFhirPatients } from "./stream-fhir";
import { fhirValidator } from "./validator";

/** Bundle types read: their entries are resources of the record (a history or message bundle is not). */
export const BUNDLE_TYPES = ["collection", "transaction", "searchset", "batch", "document"] as const;

export const isNdjsonName = (name: string) => /\.(ndjson|jsonl)(\.gz)?$/i.test(name);

/** A FHIR file once read: its text, for files that cannot be reopened (parseDataset on chunks). */
async function* tee(chunks: Chunks, into: string[]): AsyncGenerator<string> {
  for await (const c of typeof chunks === "string" ? [chunks] : chunks) {
    into.push(c);
    yield c;
  }
}

export async function readFhir(
  fhirFiles: NamedChunks[],
  instancesFile: NamedChunks | undefined,
  ctx: ReadContext,
): Promise<ReadResult | undefined> {
  const validator = await fhirValidator();
  const layouts = fhirFiles.map((f) => ({ name: f.name, layout: isNdjsonName(f.name) ? ("ndjson" as const) : ("bundle" as const) }));
  const timeZone = ctx.timeZone ?? "UTC";
  const index = new FhirIndex(ctx.log, validator, layouts, timeZone, ctx.findings);
  const locators: (() => Promise<void>)[] = [];
  const kept: string[][] = fhirFiles.map(() => []);
  let readable = true;
  for (const [k, file] of fhirFiles.entries()) {
    const chunks = ctx.retain && !file.reopen ? tee(file.chunks, kept[k] as string[]) : file.chunks;
    if (layouts[k]?.layout === "ndjson") {
      let record = 0;
      for await (const { text, line, overLong } of readLines(ctx.progress.wrap(file.name, chunks))) {
        if (!overLong && text.trim() === "") continue;
        ctx.progress.record(file.name);
        const where: Where = { file: file.name, line, record: ++record, path: "" };
        const parsed = overLong ? { ok: false as const, said: lineTooLong(overLong) } : parseJsonWithin(text);
        if (!parsed.ok) {
          ctx.log.add(located({ ...where, field: "(json)" }, parsed.said));
          index.skip(k);
          readable = false;
        } else index.add(k, parsed.value, where, text.length);
      }
      ctx.progress.done(file.name);
      continue;
    }
    let entryIndex = 0;
    const read = await readBundle({ ...file, chunks }, ctx, z.unknown(), {
      entry: (entry, where) => {
        const at: Where = { ...where, path: `entry[${entryIndex++}].resource` };
        if (!isJson(entry) || entry.resource === undefined) {
          // An entry without a resource (a transaction's DELETE) holds no record.
          if (!isJson(entry)) ctx.log.add(issueAt(where, "", "formats.fhirNotEntry"));
          index.skip(k);
          return;
        }
        index.add(k, entry.resource, at, approxSize(entry.resource), str(entry.fullUrl));
      },
    });
    if (!read) {
      readable = false;
      continue;
    }
    checkBundleHead(read.root, file.name, validator.check.bind(validator), ctx);
    locators.push(read.locate);
  }
  index.finish();
  // Every resource is accounted for: per file, resources = events stored + skipped (per kind, with the reason).
  fhirFiles.forEach((f, k) => ctx.progress.skipped(f.name, index.skipped[k]?.list() ?? []));
  const builder = new EhrDatasetBuilder(ctx.log, ctx.retain, timeZone);
  const byId = new Map(index.patients.map((p) => [p.id, p]));
  for (const p of index.patients) builder.addRecordIndex(p.id, p.where, p.events, p.zone, p.pregnancyId);
  if (!instancesFile)
    ctx.log.add(located({ file: fhirFiles.map((f) => f.name).join(", "), field: "(file)" }, { code: "formats.fhirNoInstances" }));
  else {
    for await (const entry of readJsonl(ctx.progress.wrap(instancesFile.name, instancesFile.chunks))) {
      ctx.progress.record(instancesFile.name);
      const where: Where = { file: instancesFile.name, line: entry.line, record: entry.record, path: "" };
      if (!entry.ok)
        ctx.log.add(located({ file: instancesFile.name, line: entry.line, record: entry.record, field: "(json)" }, entry.error));
      else {
        builder.addInstance(entry.value, where);
        checkCutoffVisit(entry.value, where, byId, ctx);
        checkPregnancyId(entry.value, where, byId, index, ctx);
      }
    }
    ctx.progress.done(instancesFile.name);
  }
  builder.finish();
  for (const locate of locators) await locate();
  if (!readable || !instancesFile || !index.plan) return undefined;

  const plan = index.plan;
  const dataset: NormalizedDataset = { family: "ehr-decision-mcq", format: "fhir-r4", meta: {}, patients: [], items: builder.items };
  if (ctx.retain && ctx.log.empty) {
    const open = (name: string) => {
      const k = fhirFiles.findIndex((f) => f.name === name);
      const f = fhirFiles[k] as NamedChunks;
      return f.reopen ? f.reopen() : (kept[k] as string[]);
    };
    dataset.patients = await collectFhirPatients(plan, open);
  }
  const counts = { patients: builder.patientCount, events: builder.eventCount, notes: 0, items: builder.itemCount, turns: 0 };
  return { dataset, counts, fhir: plan };
}

/** A parsed value's size in characters, without serializing it again for the common case. */
function approxSize(v: unknown): number {
  return JSON.stringify(v)?.length ?? 0;
}

function checkBundleHead(
  root: unknown,
  file: string,
  check: (r: Record<string, unknown>) => { path: string; said: DomainMessage }[],
  ctx: ReadContext,
): void {
  const where: Where = { file, path: "" };
  if (!isJson(root) || root.resourceType !== "Bundle") {
    ctx.log.add(
      issueAt(where, "resourceType", "formats.fhirNotBundle", { got: JSON.stringify(isJson(root) ? root.resourceType : typeof root) }),
    );
    return;
  }
  for (const p of check(root)) ctx.log.add(issueAt(where, p.path, p.said.code, p.said.values));
  if (typeof root.type === "string" && !(BUNDLE_TYPES as readonly string[]).includes(root.type))
    ctx.log.add(issueAt(where, "type", "formats.fhirBundleType", { got: JSON.stringify(root.type), allowed: BUNDLE_TYPES.join(", ") }));
}

/** An item's cutoff visit, when given, must be an Encounter of its patient. */
function checkCutoffVisit(raw: unknown, where: Where, patients: Map<string, { encounters: Set<string> }>, ctx: ReadContext): void {
  if (!isJson(raw) || !isJson(raw.cutoff)) return;
  const visit = str(raw.cutoff.visit_id);
  const patient = patients.get(String(raw.patient_id));
  if (visit === undefined || !patient) return;
  if (!patient.encounters.has(visit))
    ctx.log.add(
      issueAt(where, "cutoff.visit_id", "formats.fhirCutoffVisit", { visit: JSON.stringify(visit), patient: String(raw.patient_id) }),
    );
}

/**
 * An item's pregnancy_id for a patient with no pregnancy Condition (SNOMED CT 77386006 /
 * 72892002) is accepted, but said: it names another Condition (a hypertension), or nothing of
 * the import. (A patient with a pregnancy Condition must be named by it: validate-ehr.ts.)
 */
function checkPregnancyId(
  raw: unknown,
  where: Where,
  patients: Map<string, { pregnancyId: string | null }>,
  index: FhirIndex,
  ctx: ReadContext,
): void {
  if (!isJson(raw)) return;
  const named = str(raw.pregnancy_id);
  const patient = patients.get(String(raw.patient_id));
  if (named === undefined || !patient || patient.pregnancyId !== null) return;
  const key = `Condition/${named}`;
  const names = index.has(key) ? key : "(nothing in this import)";
  ctx.findings?.add(
    where,
    "pregnancy_id",
    "pregnancy_id_not_pregnancy",
    `pregnancy_id ${JSON.stringify(named)} names ${names}, not a pregnancy Condition (SNOMED CT 77386006 / 72892002) of Patient/${String(raw.patient_id)}`,
    { pregnancyId: named, names },
    str(raw.instance_id),
  );
}
