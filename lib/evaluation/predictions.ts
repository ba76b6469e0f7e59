/**
 * Model predictions for a benchmark: parsed from CSV or JSONL and checked against the
 * dataset. Every problem is reported with file, line and field (capped like the dataset
 * importer, all counted); the result holds rows only if there is no problem at all.
 *
 * A row names the model, the input scope, the item and the chosen option label:
 *   decision-point MCQs   item_id (instance id)
 *   conversations         item_id (conversation id, "subject:category") or subject_id
 *                         (+ qa_category when the subject has several conversations), and
 *                         turn = the turn_order of the turn answered
 * Column aliases: predictions-read.ts. Model, scope and ids are trimmed; option labels must
 * match one of the item's (turn's) labels exactly.
 */
import { createHash } from "node:crypto";
import { DEFAULT_MAX_ISSUES, IssueLog, issueAt, located, type Where } from "@/lib/formats/issues";
import { type DomainCode, type DomainMessage, type DomainValues, domainMessage } from "@/lib/i18n/domain";
import { goldColumnsOf } from "./predictions-read";
import type { EvalConversation, EvalDataset, EvalItem } from "./eval-dataset";
import { predictionText, readPredictionText, type PredictionField, type PredictionFile, type RawPrediction } from "./predictions-read";
import { parseReplyFile, replyFileKind } from "./reply-files";
import { firstAppearance, type PredictionParseResult, type PredictionRow, type ReplyFileOptions } from "./reply-rows";

export type { ParsedPredictions, PredictionParseResult, PredictionRow } from "./reply-rows";

/** Names longer than this would not fit the per model-scope seed (256 characters). */
export const MAX_NAME_LENGTH = 100;
/** Each model-scope pair costs several bootstraps; this keeps a report computable. */
export const MAX_PAIRS = 64;

/** Reports a problem with one field of a row. */
type Fail = (f: PredictionField, code: DomainCode, values?: DomainValues) => void;

interface Lookup {
  items: Map<string, EvalItem>;
  /** Conversations of each subject (patient), for rows that give subject_id. */
  bySubject: Map<string, EvalConversation[]>;
  conversations: boolean;
}

function lookupOf(dataset: EvalDataset): Lookup {
  const items = new Map(dataset.items.map((i) => [i.id, i]));
  const bySubject = new Map<string, EvalConversation[]>();
  for (const i of dataset.items) {
    if (i.kind !== "conversation") continue;
    const list = bySubject.get(i.patientId);
    if (list) list.push(i);
    else bySubject.set(i.patientId, [i]);
  }
  return { items, bySubject, conversations: dataset.family === "notes-chatqa" };
}

class RowChecker {
  private readonly keys = new Map<string, number>();
  private readonly pairs = new Set<string>();
  readonly rows: PredictionRow[] = [];

  constructor(
    private readonly lookup: Lookup,
    private readonly log: IssueLog,
    private readonly file: string,
  ) {}

  check(raw: RawPrediction): void {
    const where: Where = { file: this.file, line: raw.line, record: raw.record, path: "" };
    const problems = this.log.total;
    const col = (f: PredictionField) => raw.columns[f] ?? f;
    const fail: Fail = (f, code, values) => this.log.add(issueAt(where, col(f), code, values));

    const text = (f: PredictionField, required: boolean, ids = false): string | undefined => {
      const v = raw.values[f];
      if (v === undefined) {
        if (required) fail(f, "formats.requiredMissing");
        return undefined;
      }
      if (ids && typeof v === "number" && Number.isSafeInteger(v)) return String(v);
      if (typeof v !== "string") {
        fail(f, "evaluation.expectedText", { got: JSON.stringify(v) });
        return undefined;
      }
      return v.trim();
    };
    const model = text("model", true);
    const scope = text("scope", true);
    const option =
      raw.values.prediction === undefined && raw.gold.length > 0
        ? void fail("prediction", "evaluation.goldColumn", goldValues(raw.gold))
        : text("prediction", true);
    for (const [f, name] of [
      ["model", model],
      ["scope", scope],
    ] as const) {
      if (name !== undefined && name.length > MAX_NAME_LENGTH)
        fail(f, "evaluation.nameTooLong", { max: String(MAX_NAME_LENGTH), length: String(name.length) });
    }
    const item = this.resolveItem(text, fail);
    const turn = item ? this.resolveTurn(raw, item, fail) : undefined;
    if (item && turn !== undefined && option !== undefined) {
      const labels = item.kind === "mcq" ? item.options : item.turns.find((t) => t.turnOrder === turn)!.options;
      if (!labels.includes(option)) {
        const at = item.kind === "mcq" ? "none" : String(turn);
        fail("prediction", "evaluation.notAnOption", { option, turn: at, item: item.id, options: labels.join(", ") });
      }
    }
    if (this.log.total > problems || !model || !scope || !item || turn === undefined || !option) return;

    const key = JSON.stringify([model, scope, item.id, turn]);
    const earlier = this.keys.get(key);
    if (earlier !== undefined) {
      this.log.add(
        issueAt(where, "(record)", "evaluation.duplicateRow", {
          model,
          scope,
          item: item.id,
          turn: turn ? String(turn) : "none",
          line: String(earlier),
        }),
      );
      return;
    }
    const pair = JSON.stringify([model, scope]);
    if (!this.pairs.has(pair) && this.pairs.size >= MAX_PAIRS) {
      this.log.add(issueAt(where, col("scope"), "evaluation.tooManyPairs", { max: String(MAX_PAIRS) }));
      return;
    }
    this.pairs.add(pair);
    this.keys.set(key, raw.line);
    this.rows.push({ model, scope, itemId: item.id, turn, option, line: raw.line });
  }

  private resolveItem(
    text: (f: PredictionField, required: boolean, ids?: boolean) => string | undefined,
    fail: Fail,
  ): EvalItem | undefined {
    const itemId = text("item_id", false, true);
    const subject = text("subject_id", false, true);
    const category = text("qa_category", false);
    if (itemId !== undefined) {
      const item = this.lookup.items.get(itemId);
      if (!item) {
        fail("item_id", "evaluation.unknownItem", { item: itemId });
        return undefined;
      }
      if (subject !== undefined && subject !== item.patientId) {
        fail("subject_id", "evaluation.itemOfOther", { item: itemId, patient: item.patientId, subject });
        return undefined;
      }
      return item;
    }
    if (subject === undefined) {
      fail("item_id", this.lookup.conversations ? "evaluation.itemOrSubjectMissing" : "formats.requiredMissing");
      return undefined;
    }
    if (!this.lookup.conversations) {
      fail("item_id", "evaluation.subjectNotItem");
      return undefined;
    }
    const conversations = this.lookup.bySubject.get(subject);
    if (!conversations) {
      fail("subject_id", "evaluation.unknownSubject", { subject });
      return undefined;
    }
    if (category !== undefined) {
      const match = conversations.find((c) => c.qaCategory === category);
      if (!match) fail("qa_category", "evaluation.noCategory", { subject, category, has: categoriesOf(conversations) });
      return match;
    }
    if (conversations.length > 1) {
      fail("qa_category", "evaluation.categoryRequired", {
        subject,
        count: String(conversations.length),
        has: categoriesOf(conversations),
      });
      return undefined;
    }
    return conversations[0];
  }

  private resolveTurn(raw: RawPrediction, item: EvalItem, fail: Fail): number | undefined {
    const v = raw.values.turn;
    if (item.kind === "mcq") {
      if (v !== undefined) {
        fail("turn", "evaluation.mcqNoTurn");
        return undefined;
      }
      return 0;
    }
    if (v === undefined) {
      fail("turn", "evaluation.turnMissing");
      return undefined;
    }
    const n = typeof v === "number" ? v : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) {
      fail("turn", "evaluation.turnNotWhole", { got: JSON.stringify(v) });
      return undefined;
    }
    if (!item.turns.some((t) => t.turnOrder === n)) {
      fail("turn", "evaluation.noSuchTurn", { item: item.id, turn: String(n), turns: item.turns.map((t) => t.turnOrder).join(", ") });
      return undefined;
    }
    return n;
  }
}

/** A content turn predicted without its source turn (or the reverse) cannot be scored as a QA. */
function checkQaPairs(rows: readonly PredictionRow[], lookup: Lookup, log: IssueLog, file: string): void {
  const seen = new Set(rows.map((r) => JSON.stringify([r.model, r.scope, r.itemId, r.turn])));
  for (const r of rows) {
    const item = lookup.items.get(r.itemId);
    if (item?.kind !== "conversation") continue;
    const turn = item.turns.find((t) => t.turnOrder === r.turn)!;
    const partner = item.turns.find((t) => t.turnIndex === turn.turnIndex && t.turnType !== turn.turnType);
    if (partner && !seen.has(JSON.stringify([r.model, r.scope, r.itemId, partner.turnOrder])))
      log.add(
        issueAt({ file, line: r.line, path: "" }, "turn", "evaluation.unpairedTurn", {
          type: turn.turnType,
          turn: String(r.turn),
          item: r.itemId,
          partnerType: partner.turnType,
          partnerTurn: String(partner.turnOrder),
          model: r.model,
          scope: r.scope,
        }),
      );
  }
}

const categoriesOf = (conversations: readonly EvalConversation[]) => conversations.map((c) => c.qaCategory).join(", ");

/** The benchmark's gold-answer columns, which are never read as the prediction. */
function goldValues(gold: readonly string[]): DomainValues {
  return { names: gold.map((g) => `"${g}"`).join(", "), count: gold.length };
}

function missingColumns(has: Set<PredictionField>, names: readonly string[], conversations: boolean): DomainMessage[] {
  const missing: DomainMessage[] = [];
  const gold = goldColumnsOf(names);
  for (const f of ["model", "scope", "prediction"] as const)
    if (has.has(f)) continue;
    else if (f === "prediction" && gold.length > 0) missing.push(domainMessage("evaluation.missingPredictionColumn", goldValues(gold)));
    else missing.push(domainMessage("evaluation.missingColumn", { column: f }));
  if (!has.has("item_id") && !(conversations && has.has("subject_id")))
    missing.push(
      conversations ? domainMessage("evaluation.missingItemColumn") : domainMessage("evaluation.missingColumn", { column: "item_id" }),
    );
  if (conversations && !has.has("turn")) missing.push(domainMessage("evaluation.missingColumn", { column: "turn" }));
  return missing;
}

/**
 * A prediction file (csv / jsonl, one chosen label a row) or a benchmark's own file of raw
 * replies (EHRNote-ChatQA `answers_<model>.csv`, EHRNoteQA output CSV: reply-files.ts), told
 * apart by the header. `model` / `scope` name the model and scope of a reply file.
 */
export async function parsePredictions(
  file: PredictionFile,
  dataset: EvalDataset,
  options: { maxIssues?: number } & ReplyFileOptions = {},
): Promise<PredictionParseResult> {
  const log = new IssueLog(options.maxIssues ?? DEFAULT_MAX_ISSUES);
  const lookup = lookupOf(dataset);
  const text = await predictionText(file);
  const replyKind = await replyFileKind(file.name, text);
  if (replyKind) return parseReplyFile(replyKind, file.name, text, dataset, log, options);
  const { format, events } = readPredictionText(file.name, text);
  const checker = new RowChecker(lookup, log, file.name);
  for await (const event of events) {
    if (event.kind === "issue") log.add(event.issue);
    else if (event.kind === "record") checker.check(event.raw);
    else {
      const missing = missingColumns(event.fields, event.names, lookup.conversations);
      for (const m of missing) log.add(located({ file: file.name, line: event.line, field: "(header)" }, m));
      if (missing.length > 0) return { ok: false, issues: log.issues, total: log.total };
    }
  }
  if (log.empty) checkQaPairs(checker.rows, lookup, log, file.name);
  if (log.empty && checker.rows.length === 0)
    log.add(located({ file: file.name, field: "(file)" }, domainMessage("evaluation.noPredictions")));
  if (!log.empty) return { ok: false, issues: log.issues, total: log.total };
  const rows = checker.rows;
  return {
    ok: true,
    predictions: { format, rows, models: firstAppearance(rows.map((r) => r.model)), scopes: firstAppearance(rows.map((r) => r.scope)) },
  };
}

/** Identity of a prediction file: SHA-256 of its bytes (the name does not count). */
export function predictionsChecksum(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
