// Exporters for `ehr-decision-mcq` v1. Output is a lazy sequence of chunks so
// a 100 MB dataset can be piped to a file or HTTP response without building
// one giant string. Records are written one per line (JSONL-like even inside
// the bundle) which keeps diffs and located issues readable.
import { ehrPatientToWire, instanceToWire } from "./map-ehr";
import type { McqItem, NormalizedDataset } from "./model";
import { bundleHead, jsonArrayMember, mapIter, type ExportedFile } from "./export-shared";

function assertEhr(ds: NormalizedDataset): McqItem[] {
  if (ds.family !== "ehr-decision-mcq") throw new Error(`cannot export a ${ds.family} dataset as ehr-decision-mcq`);
  return ds.items.filter((i): i is McqItem => i.kind === "mcq");
}

export function exportEhrJsonBundle(ds: NormalizedDataset, name = "ehr-decision-mcq.json"): ExportedFile {
  const items = assertEhr(ds);
  function* chunks(): Generator<string> {
    yield* bundleHead(ds, "ehr-decision-mcq");
    yield* jsonArrayMember("patients", mapIter(ds.patients, ehrPatientToWire), false);
    yield* jsonArrayMember("instances", mapIter(items, instanceToWire), true);
    yield "}\n";
  }
  return { name, chunks: { [Symbol.iterator]: chunks } };
}

export type { ExportedFile } from "./export-shared";

/** patients.jsonl + instances.jsonl. Bundle-only data (dataset meta, version) has no place here. */
export function exportEhrJsonl(ds: NormalizedDataset): ExportedFile[] {
  const items = assertEhr(ds);
  function* lines<T>(xs: readonly T[], f: (x: T) => unknown): Generator<string> {
    for (const x of xs) yield `${JSON.stringify(f(x))}\n`;
  }
  return [
    { name: "patients.jsonl", chunks: { [Symbol.iterator]: () => lines(ds.patients, ehrPatientToWire) } },
    { name: "instances.jsonl", chunks: { [Symbol.iterator]: () => lines(items, instanceToWire) } },
  ];
}
