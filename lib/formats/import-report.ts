// The import report: every file given → what it was read as, how many records, what its table
// reader noted and what it skipped; every file ignored with the reason; the totals. One model,
// built once from the import's stats, kept with the dataset version, and printed by the command
// line (`importReportLines`, English) and the web (components/datasets/import-report.tsx), so
// both say the same thing.
import { z } from "zod";
import type { FileRole, IgnoredFile } from "./detect";
import type { ImportStats } from "./parse-dataset";
import { SKIP_REASON_KEYS } from "./skip-reasons";

const note = z.object({
  key: z.enum(["delimiter", "renamed", "emptyColumns"]),
  line: z.number().int(),
  message: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** `key` and `detail` are absent from reports kept before skip reasons had keys: those show `reason` as it is. */
const skipped = z.object({
  what: z.string(),
  count: z.number().int().min(0),
  reason: z.string(),
  key: z.enum(SKIP_REASON_KEYS).optional(),
  detail: z.record(z.string(), z.string()).optional(),
});

/** The report as kept (Dataset.importReport, backups): validated when read back, never trusted as it is. */
export const importReportSchema = z.object({
  format: z.string(),
  files: z.array(
    z.object({
      name: z.string(),
      readAs: z.string().optional(),
      records: z.number().int().min(0),
      notes: z.array(note),
      skipped: z.array(skipped),
    }),
  ),
  ignored: z.array(
    z.object({
      name: z.string(),
      reason: z.string(),
      key: z.enum(["empty", "csvHeader", "content"]).optional(),
      detail: z.record(z.string(), z.string()).optional(),
    }),
  ),
  totals: z.object({
    patients: z.number().int(),
    events: z.number().int(),
    notes: z.number().int(),
    items: z.number().int(),
    turns: z.number().int(),
  }),
});

export type ImportReport = z.infer<typeof importReportSchema>;
export type ImportReportFile = ImportReport["files"][number];

/** The report of an import (stats of parseDataset / validateDatasetStream). */
export function importReport(stats: ImportStats): ImportReport {
  const { format, patients, events, notes, items, turns } = stats;
  return {
    format,
    files: stats.files.map((f) => ({
      name: f.name,
      ...(f.readAs !== undefined ? { readAs: f.readAs } : {}),
      records: f.records,
      notes: (f.notes ?? []).map(({ key, line, message, detail }) => ({ key, line, message, detail })),
      skipped: (f.skipped ?? []).map(({ what, count, reason, key, detail }) => ({ what, count, reason, key, detail })),
    })),
    ignored: (stats.ignored ?? []).map((f: IgnoredFile) => ({ ...f })),
    totals: { patients, events, notes, items, turns },
  };
}

/** A stored report, or null when there is none (datasets imported before reports were kept) or it does not parse. */
export function storedImportReport(value: unknown): ImportReport | null {
  if (value === null || value === undefined) return null;
  const parsed = importReportSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What a file read as a role holds, in the command line's words (the web has its own, per language). */
export const READ_AS: Record<FileRole, string> = {
  bundle: "a JSON bundle",
  patients: "patients and their EHR events",
  instances: "items",
  notes: "notes",
  questions: "questions",
  ehrnoteqa: "EHRNoteQA items",
  discharge: "MIMIC-IV-Note discharge notes",
  fhir: "FHIR R4 resources",
};

const readAsText = (role: string | undefined) => (role === undefined ? "read" : (READ_AS[role as FileRole] ?? role));
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** The report as the command line prints it: one line each, indented under its heading. */
export function importReportLines(report: ImportReport): string[] {
  const lines = [`Import report (${report.format}):`];
  for (const f of report.files) {
    lines.push(`  ${f.name} → ${readAsText(f.readAs)}: ${plural(f.records, "record")}`);
    for (const n of f.notes) lines.push(`    line ${n.line}: ${n.message}`);
    for (const s of f.skipped) lines.push(`    skipped ${s.count.toLocaleString("en")} ${s.what}: ${s.reason}`);
  }
  if (report.ignored.length > 0) {
    lines.push(`  Ignored (${report.ignored.length}):`);
    for (const f of report.ignored) lines.push(`    ${f.name}: ${f.reason}`);
  }
  const t = report.totals;
  lines.push(
    `  Stored: ${plural(t.patients, "patient")}, ${plural(t.events, "event")}, ${plural(t.notes, "note")}, ${plural(t.items, "item")}, ${plural(t.turns, "turn")}`,
  );
  return lines;
}
