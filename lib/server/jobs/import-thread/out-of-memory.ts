// The located answer to an import that outgrew its heap cap (CLINAUDIT_IMPORT_HEAP_MB), with a
// catalog key and its values beside the English message, as skip reasons have
// (lib/formats/skip-reasons.ts): the web words it per language (messages/*/datasets.json,
// datasets.upload.issueMessages), the command line prints the English here.
import type { IssueMessageKey } from "../../../formats/issues";
import type { ImportOutcome } from "../../datasets/import-dataset";
import type { DatasetImportInput } from "../dataset-import";

type Values = Record<string, string>;

const ADVICE =
  "nothing was written. A record this large is unusual: check the file, split it, or raise CLINAUDIT_IMPORT_HEAP_MB " +
  "(the server's, the worker's or the command line's environment)";
const needed = (v: Values) => `the import needed more than ${v.heapMb} MB of memory (CLINAUDIT_IMPORT_HEAP_MB)`;

/** Every wording, in English, by key: where the import was when it was stopped. */
const MESSAGES = {
  outOfMemoryReading: (v: Values) => `${needed(v)} and was stopped while it read this file; ${ADVICE}`,
  outOfMemoryRecord: (v: Values) => `${needed(v)} and was stopped near record ${v.record} of this file; ${ADVICE}`,
  outOfMemoryWriting: (v: Values) => `${needed(v)} and was stopped while it wrote the rows; ${ADVICE}`,
} satisfies Record<IssueMessageKey, (values: Values) => string>;

export type OutOfMemoryKey = keyof typeof MESSAGES;
/** The values each message uses (the catalogs must use the same). */
export const OUT_OF_MEMORY_VALUES: Record<OutOfMemoryKey, readonly string[]> = {
  outOfMemoryReading: ["heapMb"],
  outOfMemoryRecord: ["heapMb", "record"],
  outOfMemoryWriting: ["heapMb"],
};

export function outOfMemoryMessage(key: OutOfMemoryKey, values: Values): string {
  return MESSAGES[key](values);
}

/** Where an import was when it ran out: the last file and record it reported, or its writing. */
export interface ImportPlace {
  file?: string;
  records?: number;
  writing?: boolean;
}

/** The located answer to an import that outgrew its heap cap. */
export function outOfMemory(input: DatasetImportInput, heapMb: number, at: ImportPlace): Extract<ImportOutcome, { status: "invalid" }> {
  const file = at.file ?? input.files[0]?.name ?? "(upload)";
  const key: OutOfMemoryKey = at.writing ? "outOfMemoryWriting" : at.records ? "outOfMemoryRecord" : "outOfMemoryReading";
  const values: Values = { heapMb: String(heapMb), ...(key === "outOfMemoryRecord" ? { record: String(at.records) } : {}) };
  return { status: "invalid", issues: [{ file, field: "(file)", message: outOfMemoryMessage(key, values), key, values }], total: 1 };
}
