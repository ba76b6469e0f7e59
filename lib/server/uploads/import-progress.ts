import "server-only";
import type { ImportOptions } from "../datasets/import-dataset";
import type { UploadEvent } from "./events";

type ImportProgressCallback = NonNullable<ImportOptions["onProgress"]>;

/**
 * The importer's progress (characters and records per file while validating, rows while
 * writing) as upload events over all files: validation in bytes of the whole upload, so one
 * bar covers every file (characters read ≈ bytes for mostly-ASCII text; capped at the total).
 */
export function importProgress(files: { name: string; bytes: number }[], send: (event: UploadEvent) => void): ImportProgressCallback {
  const total = files.reduce((n, f) => n + f.bytes, 0);
  const read = new Map<string, number>();
  const records = new Map<string, number>();
  return (p) => {
    if ("phase" in p) {
      send({ type: "progress", phase: "writing", done: p.written, total: p.total });
      return;
    }
    read.set(p.file, p.chars);
    records.set(p.file, p.records);
    let done = 0;
    for (const n of read.values()) done += n;
    let count = 0;
    for (const n of records.values()) count += n;
    send({ type: "progress", phase: "validating", done: Math.min(done, total), total, records: count, file: p.file });
  };
}
