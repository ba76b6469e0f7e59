/**
 * EHRNoteQA model output (src/generation/generate.py): the input JSONL written back as CSV
 * with every input column and one more, named after the model, holding its raw reply
 * (src/evaluation/evaluate.py may add `<model>_gpt4_eval`, its judge's verdict). The model's
 * column is found by elimination of the known columns, or named by the caller; a file where
 * that leaves no column, or several, is refused with the columns named, and a gold column
 * is never taken for the model's.
 *
 * Rows are matched to items the way the importer numbers them: the k-th row of a patient is
 * the conversation `<patient_id>:q<k>`, each one turn.
 */
import { parseSniffedCsv } from "@/lib/formats/csv";
import { type IssueLog, issueAt, located, type Where } from "@/lib/formats/issues";
import type { EvalDataset } from "./eval-dataset";
import { letterRuleFor } from "./letter-extraction";
import { GOLD_COLUMNS } from "./predictions-read";
import { checkName, columnKey, DEFAULT_REPLY_SCOPE, optionOf, type PredictionRow, type ReplyFileOptions } from "./reply-rows";

const INPUT_COLUMNS = new Set([
  "patient_id",
  "num_notes",
  "question",
  "choice_a",
  "choice_b",
  "choice_c",
  "choice_d",
  "choice_e",
  "answer",
]);
const NOTE_COLUMN = /^note_\d+$/;
/** pandas' unnamed index column, if the file was written with its index. */
const INDEX_COLUMN = /^(unnamed: \d+)?$/;

/** Columns that could hold the model's replies: not an input, a note, an index or a judge's verdict. */
export function modelColumnCandidates(header: readonly string[]): string[] {
  const names = new Set(header.map((h) => h.trim()));
  return header.filter((h) => {
    const k = columnKey(h);
    if (INPUT_COLUMNS.has(k) || GOLD_COLUMNS.includes(k) || NOTE_COLUMN.test(k) || INDEX_COLUMN.test(k)) return false;
    const judged = /^(.+)_gpt4_eval$/.exec(h.trim());
    return !(judged && names.has(judged[1] as string));
  });
}

function modelColumn(header: readonly string[], where: Where, log: IssueLog, requested: string | undefined): number {
  const list = (names: readonly string[]) => names.map((n) => `"${n.trim()}"`).join(", ");
  if (requested !== undefined) {
    const want = requested.trim();
    const at = header.findIndex((h) => h.trim() === want);
    if (at < 0) log.add(issueAt(where, "(header)", "evaluation.noReplyColumn", { column: want, columns: list(header) }));
    else if (GOLD_COLUMNS.includes(columnKey(want)) || INPUT_COLUMNS.has(columnKey(want)))
      log.add(
        issueAt(where, "(header)", "evaluation.inputColumn", {
          column: want,
          gold: GOLD_COLUMNS.includes(columnKey(want)) ? "yes" : "no",
        }),
      );
    else return at;
    return -1;
  }
  const candidates = modelColumnCandidates(header);
  if (candidates.length === 1) return header.indexOf(candidates[0] as string);
  if (candidates.length === 0) log.add(issueAt(where, "(header)", "evaluation.noModelColumn", { columns: list(header) }));
  else log.add(issueAt(where, "(header)", "evaluation.severalModelColumns", { columns: list(candidates) }));
  return -1;
}

export async function scoreEhrNoteQaOutput(
  name: string,
  text: string,
  dataset: EvalDataset,
  log: IssueLog,
  options: ReplyFileOptions,
): Promise<PredictionRow[]> {
  const items = new Map(dataset.items.map((i) => [i.id, i]));
  const rows: PredictionRow[] = [];
  const perPatient = new Map<string, number>();
  let header: string[] | null = null;
  let col = { patient: -1, model: -1 };
  let model = "";
  const scope = (options.scope ?? DEFAULT_REPLY_SCOPE).trim();
  let ok = true;
  let record = 0;
  for await (const rec of parseSniffedCsv(text)) {
    for (const p of rec.problems ?? []) log.add(located({ file: name, line: rec.line, field: "(csv)" }, p));
    if (!header) {
      header = rec.fields;
      const where: Where = { file: name, line: rec.line, path: "" };
      col = { patient: header.map(columnKey).indexOf("patient_id"), model: modelColumn(header, where, log, options.model) };
      model = col.model >= 0 ? (header[col.model] as string).trim() : "";
      ok = col.model >= 0 && checkName(log, where, "model", model) && checkName(log, where, "scope", scope);
      if (!ok) return rows;
      continue;
    }
    record++;
    const where: Where = { file: name, line: rec.line, record, path: "" };
    if (rec.fields.length !== header.length) {
      log.add(issueAt(where, "(record)", "evaluation.fieldCount", { fields: String(rec.fields.length), header: String(header.length) }));
      continue;
    }
    const patient = (rec.fields[col.patient] as string).trim();
    const k = (perPatient.get(patient) ?? 0) + 1;
    perPatient.set(patient, k);
    const item = items.get(`${patient}:q${k}`);
    if (item?.kind !== "conversation" || item.turns.length !== 1) {
      const field = header[col.patient] as string;
      if (patient === "") log.add(issueAt(where, field, "formats.requiredMissing"));
      else if (k === 1) log.add(issueAt(where, field, "evaluation.unknownQuestionPatient", { patient }));
      else log.add(issueAt(where, field, "evaluation.questionBeyond", { k: String(k), patient, has: String(k - 1) }));
      continue;
    }
    const turn = item.turns[0]!;
    rows.push({
      model,
      scope,
      itemId: item.id,
      turn: turn.turnOrder,
      option: optionOf(rec.fields[col.model], letterRuleFor(name, model), turn.options),
      line: rec.line,
    });
  }
  return rows;
}
