// What pass 1 over FHIR files hands to pass 2: which patient each record belongs to, so pass 2
// can gather one batch of patients at a time without holding the import (stream-fhir.ts).

/** A growable array of 32-bit integers (one per record of a file: 250k records are 1 MB). */
export class IntList {
  private data = new Int32Array(1024);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }

  get(i: number): number {
    return i < this.length ? (this.data[i] as number) : -1;
  }

  set(i: number, v: number): void {
    this.data[i] = v;
  }
}

export interface FhirPlan {
  /** The FHIR files in the order they were read. */
  files: { name: string; layout: "bundle" | "ndjson" }[];
  /** Per file, per record (bundle entry / non-blank NDJSON line): index of its patient, or -1. */
  owners: IntList[];
  /** Patients in order of their Patient resources: id, the characters of their records, the key of their pregnancy Condition. */
  patients: { id: string; chars: number; pregnancy?: string }[];
  /** `urn:uuid:…` fullUrls of transaction bundles → the `Type/id` they stand for. */
  aliases: Map<string, string>;
  /** The dataset's zone (events are ordered by instant). */
  timeZone: string;
}

/** Characters of records one pass-2 batch may hold (~2 bytes each as strings, more as objects). */
export const BATCH_CHARS = 32 * 1024 * 1024;

/** Consecutive patients whose records fit in `budget` characters (a larger patient alone). */
export function batches(patients: readonly { chars: number }[], budget = BATCH_CHARS): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let size = 0;
  patients.forEach((p, k) => {
    if (current.length > 0 && size + p.chars > budget) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(k);
    size += p.chars;
  });
  if (current.length > 0) out.push(current);
  return out;
}
