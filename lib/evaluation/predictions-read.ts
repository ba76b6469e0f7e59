/**
 * Reads a prediction file, CSV (with a header row) or JSONL (one object per line), into raw
 * records keyed by canonical field name, each with the physical line it starts on. Pure:
 * the text arrives as string chunks. Structural problems (bad CSV quoting, a JSONL line that
 * is not an object, two columns for one field) come out as issues in file order; field
 * values are checked by predictions.ts against the dataset.
 */
import { parseSniffedCsv, type Chunks } from "@/lib/formats/csv";
import { issueAt, located, type FormatIssue, type Where } from "@/lib/formats/issues";
import { readJsonl } from "@/lib/formats/jsonl";

export const PREDICTION_FIELDS = ["model", "scope", "item_id", "subject_id", "qa_category", "turn", "prediction"] as const;
export type PredictionField = (typeof PREDICTION_FIELDS)[number];

/** Accepted column names (lower case) for each field; the first is the canonical one. */
export const FIELD_ALIASES: Record<PredictionField, readonly string[]> = {
  model: ["model", "model_name"],
  scope: ["scope", "input_scope"],
  item_id: ["item_id", "instance_id", "conversation_id", "sample_id"],
  subject_id: ["subject_id", "patient_id"],
  qa_category: ["qa_category"],
  turn: ["turn", "turn_order"],
  prediction: ["prediction", "option", "choice", "predicted_option"],
};

/**
 * Columns that hold the benchmark's gold letter (EHRNote-ChatQA `correct_answer`, EHRNoteQA
 * and our bundles `answer`): never read as a prediction, since a model-output file that
 * carries one would otherwise score 100 % without a word.
 */
export const GOLD_COLUMNS: readonly string[] = ["answer", "correct_answer", "gold", "gold_answer", "gold_label", "gold_option"];

/** The gold-like columns among these names, as the file spells them. */
export function goldColumnsOf(names: readonly string[]): string[] {
  return names.filter((n) => GOLD_COLUMNS.includes(n.trim().toLowerCase()));
}

const FIELD_OF = new Map<string, PredictionField>(PREDICTION_FIELDS.flatMap((f) => FIELD_ALIASES[f].map((alias) => [alias, f] as const)));

export type PredictionFileFormat = "csv" | "jsonl";

export interface RawPrediction {
  line: number;
  record: number;
  /** Values as read: strings from CSV, any JSON value from JSONL. Absent = not given. */
  values: Partial<Record<PredictionField, unknown>>;
  /** The column / key each value came from, so issues name what the file says. */
  columns: Partial<Record<PredictionField, string>>;
  /** Gold-answer columns of the record (never read), for the message when no prediction is given. */
  gold: string[];
}

export interface PredictionFile {
  name: string;
  chunks: Chunks;
}

/** By extension; otherwise a first non-blank `{` means JSONL. */
export function predictionFormat(name: string, head: string): PredictionFileFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  return head.trimStart().startsWith("{") ? "jsonl" : "csv";
}

/** What the reader finds, in file order: so issues come out sorted by line. */
export type PredictionEvent =
  | { kind: "header"; fields: Set<PredictionField>; names: string[]; line: number }
  | { kind: "record"; raw: RawPrediction }
  | { kind: "issue"; issue: FormatIssue };

/** Maps a header or key list to fields; aliases that name the same field twice are issues. */
function mapColumns(names: readonly string[], where: Where): { columns: Map<number, PredictionField>; issues: FormatIssue[] } {
  const columns = new Map<number, PredictionField>();
  const issues: FormatIssue[] = [];
  const seen = new Map<PredictionField, string>();
  names.forEach((raw, i) => {
    const field = FIELD_OF.get(raw.trim().toLowerCase());
    if (!field) return; // unknown columns (raw model output, notes, ...) are allowed and ignored
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      issues.push(issueAt(where, raw, "evaluation.aliasTwice", { earlier, raw, field }));
      return;
    }
    seen.set(field, raw);
    columns.set(i, field);
  });
  return { columns, issues };
}

const issue = (i: FormatIssue): PredictionEvent => ({ kind: "issue", issue: i });

async function* readCsv(name: string, text: string): AsyncGenerator<PredictionEvent> {
  let header: string[] | null = null;
  let columns = new Map<number, PredictionField>();
  let gold: string[] = [];
  let record = 0;
  for await (const rec of parseSniffedCsv(text)) {
    for (const p of rec.problems ?? []) yield issue(located({ file: name, line: rec.line, field: "(csv)" }, p));
    if (!header) {
      header = rec.fields;
      const mapped = mapColumns(header, { file: name, line: rec.line, path: "" });
      columns = mapped.columns;
      gold = goldColumnsOf(header);
      yield* mapped.issues.map(issue);
      yield { kind: "header", fields: new Set(columns.values()), names: header, line: rec.line };
      continue;
    }
    record++;
    const where = { file: name, line: rec.line, record, path: "" };
    if (rec.fields.length !== header.length) {
      yield issue(
        issueAt(where, "(record)", "evaluation.fieldCount", { fields: String(rec.fields.length), header: String(header.length) }),
      );
      continue;
    }
    const raw: RawPrediction = { line: rec.line, record, values: {}, columns: {}, gold };
    for (const [i, field] of columns) {
      raw.columns[field] = header[i] as string;
      const cell = rec.fields[i] as string;
      if (cell.trim() !== "") raw.values[field] = cell;
    }
    yield { kind: "record", raw };
  }
}

async function* readJsonlFile(name: string, text: string): AsyncGenerator<PredictionEvent> {
  for await (const entry of readJsonl([text])) {
    const where = { file: name, line: entry.line, record: entry.record, path: "" };
    if (!entry.ok) {
      yield issue(located({ ...where, field: "(json)" }, entry.error));
      continue;
    }
    const value = entry.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      yield issue(issueAt(where, "(record)", "evaluation.notObject"));
      continue;
    }
    const keys = Object.keys(value);
    const mapped = mapColumns(keys, where);
    yield* mapped.issues.map(issue);
    const raw: RawPrediction = { line: entry.line, record: entry.record, values: {}, columns: {}, gold: goldColumnsOf(keys) };
    for (const [i, field] of mapped.columns) {
      const key = keys[i] as string;
      raw.columns[field] = key;
      const v = (value as Record<string, unknown>)[key];
      if (v !== null && v !== undefined && !(typeof v === "string" && v.trim() === "")) raw.values[field] = v;
    }
    yield { kind: "record", raw };
  }
}

/** The whole text of a prediction file. */
export async function predictionText(file: PredictionFile): Promise<string> {
  const chunks: string[] = [];
  // Every record is kept for validation anyway: a prediction file is tens of thousands of
  // short rows, not a 300 MB record dump, so holding its text is fine.
  for await (const c of typeof file.chunks === "string" ? [file.chunks] : file.chunks) chunks.push(c);
  return chunks.join("");
}

/** The file's text as events in file order; the format is chosen from the name, else from the first characters. */
export function readPredictionText(name: string, text: string): { format: PredictionFileFormat; events: AsyncGenerator<PredictionEvent> } {
  const format = predictionFormat(name, text.slice(0, 1024));
  return { format, events: format === "csv" ? readCsv(name, text) : readJsonlFile(name, text) };
}
