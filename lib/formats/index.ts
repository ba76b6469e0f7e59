// Public API of the import-format layer (pure: no fs, Prisma or Next).
export * from "./model";
export type { FormatIssue } from "./issues";
export { FINDING_KINDS, findingLocation, normalizeOption, type Finding, type FindingKind } from "./findings";
export {
  parseDataset,
  validateDatasetStream,
  type DatasetFile,
  type DatasetFindings,
  type DatasetSummary,
  type ImportStats,
  type ParseOptions,
  type ParseResult,
  type ReopenableFile,
  type StreamPlan,
  type ValidationResult,
} from "./parse-dataset";
export { streamDataset, collectDataset, DatasetChangedError, type DatasetRecord } from "./stream-dataset";
export { detectFormat, DETECT_HEAD_CHARS, type DetectInput, type Detection, type FileRole } from "./detect";
export { parseCsv, csvField, csvRow, type Chunks, type CsvRecord } from "./csv";
export { readLines, readJsonl, type TextLine, type JsonlEntry } from "./jsonl";
export { parseSourceOption, sourceKey, type SourceOptionRef } from "./source-option";
export { splitSections, sectionBody, canonicalHeader, CANONICAL_HEADERS, type CanonicalHeader } from "./sections";
export type { ImportProgress, FileStats } from "./progress";
export { exportEhrJsonBundle, exportEhrJsonl } from "./export-ehr";
export { exportNotesJsonBundle, exportChatQaCsv } from "./export-notes";
export { exportedText, type ExportedFile } from "./export-shared";
