// The located answer to an import that outgrew its heap cap (CLINAUDIT_IMPORT_HEAP_MB): a
// domain code with its values (messages/<locale>/domain.json, formats.outOfMemory*), worded
// per language on the web and in English on the command line.
import { type FormatIssue, located } from "../../../formats/issues";
import type { ImportOutcome } from "../../datasets/import-dataset";
import type { DatasetImportInput } from "../dataset-import";

/** Where an import was when it ran out: the last file and record it reported, or its writing. */
export interface ImportPlace {
  file?: string;
  records?: number;
  writing?: boolean;
}

/** The located answer to an import that outgrew its heap cap. */
export function outOfMemory(input: DatasetImportInput, heapMb: number, at: ImportPlace): Extract<ImportOutcome, { status: "invalid" }> {
  const file = at.file ?? input.files[0]?.name ?? "(upload)";
  const issue: FormatIssue = at.writing
    ? located({ file, field: "(file)" }, { code: "formats.outOfMemoryWriting", values: { heapMb: String(heapMb) } })
    : at.records
      ? located(
          { file, field: "(file)" },
          { code: "formats.outOfMemoryRecord", values: { heapMb: String(heapMb), record: String(at.records) } },
        )
      : located({ file, field: "(file)" }, { code: "formats.outOfMemoryReading", values: { heapMb: String(heapMb) } });
  return { status: "invalid", issues: [issue], total: 1 };
}
