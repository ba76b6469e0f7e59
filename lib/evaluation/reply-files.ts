/**
 * The benchmarks' own files of raw model replies, read into prediction rows whose option is
 * the letter read from each reply (letter-extraction.ts), or null when none can be read:
 *
 *   ehrnote-chatqa-answers  `answers_<model>.csv` written by EHRNote-ChatQA's
 *                           evaluation/multiturn_gpt_evaluate.py: subject_id, qa_category,
 *                           model_answer = a JSON object of replies keyed by turn
 *                           ("1", "1-1", "2", "2-1", …: content turn N, its source turn N-1);
 *   ehrnoteqa-output        EHRNoteQA's src/generation/generate.py output: every input column
 *                           of the (preprocessed) JSONL plus one column named after the model.
 *
 * As the benchmark scores them, every turn of an answered conversation is scored: a reply
 * that is missing, empty or names no letter is a row with option null (wrong) and is listed
 * in the report, never a reason to refuse the file. What the benchmark's scorer would drop
 * silently (an empty or broken model_answer, an unknown subject or turn key) is refused
 * with a located message instead.
 */
import { parseSniffedCsv } from "@/lib/formats/csv";
import { type IssueLog, issueAt, located, type Where } from "@/lib/formats/issues";
import type { DomainCode, DomainValues } from "@/lib/i18n/domain";
import type { EvalConversation, EvalDataset, EvalTurn } from "./eval-dataset";
import { scoreEhrNoteQaOutput } from "./ehrnoteqa-output";
import { letterRuleFor } from "./letter-extraction";
import {
  checkName,
  columnKey,
  DEFAULT_REPLY_SCOPE,
  firstAppearance,
  optionOf,
  type PredictionParseResult,
  type PredictionRow,
  type ReplyFileFormat,
  type ReplyFileOptions,
} from "./reply-rows";
import type { ReplySource } from "./report-types";
import { predictionFormat } from "./predictions-read";

export { DEFAULT_REPLY_SCOPE, type ReplyFileFormat, type ReplyFileOptions } from "./reply-rows";
export const REPLY_FILE_FORMATS: readonly string[] = ["ehrnote-chatqa-answers", "ehrnoteqa-output"];

async function headerOf(text: string): Promise<string[] | null> {
  for await (const rec of parseSniffedCsv(text)) return rec.fields;
  return null;
}

/** Which benchmark reply file this is, from its header; null for a prediction file. */
export async function replyFileKind(name: string, text: string): Promise<ReplyFileFormat | null> {
  if (predictionFormat(name, text.slice(0, 1024)) !== "csv") return null;
  const header = new Set((await headerOf(text.slice(0, 64 * 1024)))?.map(columnKey) ?? []);
  if (header.has("model_answer") && header.has("subject_id")) return "ehrnote-chatqa-answers";
  if (header.has("patient_id") && header.has("question") && header.has("choice_a")) return "ehrnoteqa-output";
  return null;
}

/** The benchmark's turn key of each turn: "N" for content turn N, "N-k" for its k-th source turn. */
export function turnKeys(item: EvalConversation): Map<string, EvalTurn> {
  const keys = new Map<string, EvalTurn>();
  const sources = new Map<number, number>();
  for (const t of [...item.turns].sort((a, b) => a.turnOrder - b.turnOrder)) {
    if (t.turnType === "content") keys.set(String(t.turnIndex), t);
    else {
      const k = (sources.get(t.turnIndex) ?? 0) + 1;
      sources.set(t.turnIndex, k);
      keys.set(`${t.turnIndex}-${k}`, t);
    }
  }
  return keys;
}

/** The model's name from `answers_<model>.csv`, as the benchmark derives it. */
function modelFromFileName(name: string): string {
  const stem = name.replace(/\.csv$/i, "");
  return stem.startsWith("answers_") ? stem.slice("answers_".length) : stem;
}

async function parseChatQaAnswers(
  name: string,
  text: string,
  dataset: EvalDataset,
  log: IssueLog,
  options: ReplyFileOptions,
): Promise<PredictionRow[]> {
  const fileWhere: Where = { file: name, path: "" };
  if (/_generate\.csv$/i.test(name)) log.add(issueAt(fileWhere, "(file)", "evaluation.generateFile"));
  const model = (options.model ?? modelFromFileName(name)).trim();
  const scope = (options.scope ?? DEFAULT_REPLY_SCOPE).trim();
  const named = checkName(log, fileWhere, "model", model) && checkName(log, fileWhere, "scope", scope);
  const rule = letterRuleFor(name, model);
  const bySubject = new Map<string, EvalConversation[]>();
  for (const i of dataset.items) if (i.kind === "conversation") bySubject.set(i.patientId, [...(bySubject.get(i.patientId) ?? []), i]);
  const rows: PredictionRow[] = [];
  const seen = new Map<string, number>();
  let header: string[] | null = null;
  let col = { subject: -1, category: -1, answer: -1 };
  let record = 0;
  for await (const rec of parseSniffedCsv(text)) {
    for (const p of rec.problems ?? []) log.add(located({ file: name, line: rec.line, field: "(csv)" }, p));
    if (!header) {
      header = rec.fields;
      const keys = header.map(columnKey);
      col = { subject: keys.indexOf("subject_id"), category: keys.indexOf("qa_category"), answer: keys.indexOf("model_answer") };
      continue;
    }
    record++;
    const where: Where = { file: name, line: rec.line, record, path: "" };
    const field = (i: number) => (header as string[])[i] as string;
    if (rec.fields.length !== header.length) {
      log.add(issueAt(where, "(record)", "evaluation.fieldCount", { fields: String(rec.fields.length), header: String(header.length) }));
      continue;
    }
    const subject = (rec.fields[col.subject] as string).trim();
    const category = col.category >= 0 ? (rec.fields[col.category] as string).trim() : "";
    const conversations = bySubject.get(subject);
    let item: EvalConversation | undefined;
    if (!conversations)
      log.add(
        subject === ""
          ? issueAt(where, field(col.subject), "formats.requiredMissing")
          : issueAt(where, field(col.subject), "evaluation.unknownSubject", { subject }),
      );
    else if (category !== "") {
      item = conversations.find((c) => c.qaCategory === category);
      if (!item)
        log.add(
          issueAt(where, field(col.category), "evaluation.noCategory", {
            subject,
            category,
            has: conversations.map((c) => c.qaCategory).join(", "),
          }),
        );
    } else if (conversations.length > 1)
      log.add(issueAt(where, "qa_category", "evaluation.categoryRequiredCount", { subject, count: String(conversations.length) }));
    else item = conversations[0];
    const replies = parseReplies(rec.fields[col.answer] as string, where, field(col.answer), log);
    if (!item || !replies) continue;
    const earlier = seen.get(item.id);
    if (earlier !== undefined) {
      log.add(issueAt(where, "(record)", "evaluation.duplicateItem", { item: item.id, line: String(earlier) }));
      continue;
    }
    seen.set(item.id, rec.line);
    const keys = turnKeys(item);
    const unknown = Object.keys(replies).filter((k) => !keys.has(k));
    if (unknown.length > 0) {
      log.add(
        issueAt(where, field(col.answer), "evaluation.unknownTurnKeys", {
          count: unknown.length,
          keys: unknown.map((k) => `"${k}"`).join(", "),
          item: item.id,
          turns: [...keys.keys()].join(", "),
        }),
      );
      continue;
    }
    if (!named) continue;
    for (const [key, turn] of keys)
      rows.push({
        model,
        scope,
        itemId: item.id,
        turn: turn.turnOrder,
        option: optionOf(replies[key], rule, turn.options),
        line: rec.line,
      });
  }
  return rows;
}

/** The model_answer cell: a non-empty JSON object of replies, else a located issue. */
function parseReplies(cell: string, where: Where, field: string, log: IssueLog): Record<string, unknown> | null {
  const fail = (code: DomainCode, values?: DomainValues) => {
    log.add(issueAt(where, field, code, values));
    return null;
  };
  if (cell.trim() === "") return fail("evaluation.repliesEmpty");
  let value: unknown;
  try {
    value = JSON.parse(cell);
  } catch (error) {
    return fail("evaluation.repliesNotJson", { detail: error instanceof Error ? error.message : String(error) });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("evaluation.repliesNotObject");
  if (Object.keys(value).length === 0) return fail("evaluation.repliesNone");
  return value as Record<string, unknown>;
}

/** A reply file read into prediction rows (all or nothing, like a prediction file). */
export async function parseReplyFile(
  format: ReplyFileFormat,
  name: string,
  text: string,
  dataset: EvalDataset,
  log: IssueLog,
  options: ReplyFileOptions,
): Promise<PredictionParseResult> {
  const rows =
    format === "ehrnote-chatqa-answers"
      ? await parseChatQaAnswers(name, text, dataset, log, options)
      : await scoreEhrNoteQaOutput(name, text, dataset, log, options);
  if (log.empty && rows.length === 0) log.add(located({ file: name, field: "(file)" }, { code: "evaluation.noReplies" }));
  if (!log.empty) return { ok: false, issues: log.issues, total: log.total };
  return {
    ok: true,
    predictions: { format, rows, models: firstAppearance(rows.map((r) => r.model)), scopes: firstAppearance(rows.map((r) => r.scope)) },
  };
}

/**
 * What the report needs to list a reply file's unparseable replies: the format and each
 * model's letter rule (from the file name and the model, as at import). Undefined for a
 * prediction file (csv / jsonl), whose report keeps its bytes.
 */
export function replySource(format: string, fileName: string, models: readonly string[]): ReplySource | undefined {
  if (!REPLY_FILE_FORMATS.includes(format)) return undefined;
  return { format, rules: Object.fromEntries(models.map((m) => [m, letterRuleFor(fileName, m)])) };
}
