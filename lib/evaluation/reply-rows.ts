// What the prediction reader (predictions.ts) and the benchmarks' reply readers (reply-files.ts,
// ehrnoteqa-output.ts) share: the rows they produce and the reply files' name and column rules.
// It imports none of them, so they form no import cycle.
import { type FormatIssue, type IssueLog, issueAt, type Where } from "@/lib/formats/issues";
import { extractAnswerLetter, type letterRuleFor } from "./letter-extraction";
import type { PredictionFileFormat } from "./predictions-read";

export interface PredictionRow {
  model: string;
  scope: string;
  /** Instance id (MCQ) or conversation id. */
  itemId: string;
  /** turn_order of the answered turn; 0 for decision-point items (no turns). */
  turn: number;
  /** The option label chosen; null when a raw reply names none (it counts as wrong). */
  option: string | null;
  line: number;
}

export interface ParsedPredictions {
  /** csv / jsonl: one chosen label a row; the others are a benchmark's own files of raw replies. */
  format: PredictionFileFormat | ReplyFileFormat;
  rows: PredictionRow[];
  /** In order of first appearance: the order of the report's rows and columns. */
  models: string[];
  scopes: string[];
}

export type PredictionParseResult = { ok: true; predictions: ParsedPredictions } | { ok: false; issues: FormatIssue[]; total: number };

export function firstAppearance(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export type ReplyFileFormat = "ehrnote-chatqa-answers" | "ehrnoteqa-output";

export interface ReplyFileOptions {
  /** The model's name; default: from the file name (ChatQA) or the model column (EHRNoteQA). */
  model?: string;
  /** The input scope; default DEFAULT_REPLY_SCOPE. */
  scope?: string;
}

/** Both benchmarks give the model every discharge summary of the patient. */
export const DEFAULT_REPLY_SCOPE = "all notes";
const MAX_NAME_LENGTH = 100;

/** Header names as compared: trimmed, lower case, a UTF-8 byte-order mark dropped. */
export const columnKey = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase();

/** The chosen label of a reply, null when it names none of the turn's options. */
export function optionOf(reply: unknown, rule: ReturnType<typeof letterRuleFor>, options: readonly string[]): string | null {
  const letter = extractAnswerLetter(reply, rule);
  return letter !== null && options.includes(letter) ? letter : null;
}

export function checkName(log: IssueLog, where: Where, field: string, value: string): boolean {
  if (value === "") log.add(issueAt(where, field, "formats.empty"));
  else if (value.length > MAX_NAME_LENGTH)
    log.add(issueAt(where, field, "evaluation.nameTooLong", { max: String(MAX_NAME_LENGTH), length: String(value.length) }));
  else return true;
  return false;
}
