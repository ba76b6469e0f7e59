/**
 * Scores predictions against the dataset's gold answers and groups them into the scored
 * cases of each model-scope pair: one case per decision-point item, or, for conversations,
 * the turns (for conversationAccuracy) and one case per QA (content + source turn with the
 * same turn_index) for the bootstraps.
 */
import type { ConversationTurn } from "./conversation";
import type { EvalConversation, EvalDataset, EvalItem } from "./eval-dataset";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { DeltaEntry, PairKey, PredictionInput, PredictionSetInput } from "./report-types";
import type { EvalCase } from "./types";

export interface PairCases extends PairKey {
  /** Decision points: one per item. Conversations: one per QA, correct = both turns correct. */
  cases: EvalCase[];
  /** Conversations only: QA cases scored on the content / source turn alone. */
  content: EvalCase[];
  source: EvalCase[];
  turns: ConversationTurn[];
}

function itemsById(dataset: EvalDataset): Map<string, EvalItem> {
  return new Map(dataset.items.map((i) => [i.id, i]));
}

function unknown(row: PredictionInput): never {
  throw new EvaluationInputError(
    "INVALID_CASE",
    said("report.predictionMismatch", { item: row.itemId, turn: row.turn ? String(row.turn) : "none" }),
  );
}

/** QA cases of one conversation's predicted turns (pairTurns in conversation.ts checks the pairing). */
function qaCases(item: EvalConversation, predicted: Map<number, boolean>): { paired: EvalCase[]; content: EvalCase[]; source: EvalCase[] } {
  const out = { paired: [] as EvalCase[], content: [] as EvalCase[], source: [] as EvalCase[] };
  const indices = [...new Set(item.turns.map((t) => t.turnIndex))].sort((a, b) => a - b);
  for (const index of indices) {
    const c = item.turns.find((t) => t.turnIndex === index && t.turnType === "content");
    const s = item.turns.find((t) => t.turnIndex === index && t.turnType === "source");
    const cc = c && predicted.get(c.turnOrder);
    const base = { caseId: `${item.id}#${index}`, patientId: item.patientId, ...(item.qaCategory !== "" && { chapter: item.qaCategory }) };
    // A question without a source turn (EHRNoteQA) is a case of its own: its content turn.
    if (!s) {
      if (cc === undefined) continue;
      out.paired.push({ ...base, correct: cc });
      out.content.push({ ...base, correct: cc });
      continue;
    }
    const sc = predicted.get(s.turnOrder);
    if (cc === undefined || sc === undefined) continue;
    out.paired.push({ ...base, correct: cc && sc });
    out.content.push({ ...base, correct: cc });
    out.source.push({ ...base, correct: sc });
  }
  return out;
}

/** The pairs in report order (models, then scopes, in file order), each with its scored cases. */
export function casesByPair(dataset: EvalDataset, set: PredictionSetInput): PairCases[] {
  const items = itemsById(dataset);
  const byPair = new Map<string, PredictionInput[]>();
  for (const row of set.rows) {
    const key = JSON.stringify([row.model, row.scope]);
    const list = byPair.get(key);
    if (list) list.push(row);
    else byPair.set(key, [row]);
  }
  const out: PairCases[] = [];
  for (const model of set.models) {
    for (const scope of set.scopes) {
      const rows = byPair.get(JSON.stringify([model, scope]));
      if (!rows) continue;
      const pair: PairCases = { model, scope, cases: [], content: [], source: [], turns: [] };
      const conversations = new Map<string, Map<number, boolean>>();
      for (const row of rows) {
        const item = items.get(row.itemId) ?? unknown(row);
        // A null option (a raw reply that named none) is scored wrong, like the benchmarks do.
        if (
          row.option !== null &&
          !(item.kind === "mcq" ? item.options : (item.turns.find((t) => t.turnOrder === row.turn) ?? unknown(row)).options).includes(
            row.option,
          )
        )
          unknown(row);
        if (item.kind === "mcq") {
          pair.cases.push({
            caseId: item.id,
            patientId: item.patientId,
            correct: row.option === item.gold,
            chapter: item.chapter,
            level: item.level,
            decisionPoint: item.decisionPoint,
          });
          continue;
        }
        const turn = item.turns.find((t) => t.turnOrder === row.turn) ?? unknown(row);
        const correct = row.option === turn.gold;
        if (item.turns.some((t) => t.turnIndex === turn.turnIndex && t.turnType !== turn.turnType))
          pair.turns.push({
            sampleId: item.id,
            patientId: item.patientId,
            turnIndex: turn.turnIndex,
            turnType: turn.turnType,
            correct,
            numNotes: item.numNotes,
          });
        const predicted = conversations.get(item.id) ?? new Map<number, boolean>();
        predicted.set(turn.turnOrder, correct);
        conversations.set(item.id, predicted);
      }
      for (const [id, predicted] of conversations) {
        const qa = qaCases(items.get(id) as EvalConversation, predicted);
        pair.cases.push(...qa.paired);
        pair.content.push(...qa.content);
        pair.source.push(...qa.source);
      }
      out.push(pair);
    }
  }
  return out;
}

/** The cases of `a` and `b` restricted to the case ids both have, for a paired comparison. */
function commonCases(a: readonly EvalCase[], b: readonly EvalCase[]): [EvalCase[], EvalCase[]] {
  const inB = new Set(b.map((c) => c.caseId));
  const inA = new Set(a.map((c) => c.caseId));
  return [a.filter((c) => inB.has(c.caseId)), b.filter((c) => inA.has(c.caseId))];
}

/**
 * `pair` against the same model's baseline scope, before any bootstrap (both engines): its
 * delta entry with the counts and statistics still empty, and the cases both predicted, or
 * the entry's note and no cases when there is nothing to compare.
 */
export function baselineComparison(
  pair: PairCases,
  pairs: readonly PairCases[],
  baseline: string,
): { entry: DeltaEntry; common: [EvalCase[], EvalCase[]] | null } {
  const entry: DeltaEntry = {
    model: pair.model,
    scope: pair.scope,
    baseline,
    cases: 0,
    patients: 0,
    scopeAccuracy: null,
    baselineAccuracy: null,
    difference: null,
    pValue: null,
    note: null,
  };
  const base = pairs.find((p) => p.model === pair.model && p.scope === baseline);
  if (!base) return { entry: { ...entry, note: "noBaseline" }, common: null };
  const common = commonCases(pair.cases, base.cases);
  if (common[0].length === 0) return { entry: { ...entry, note: "noCommonCases" }, common: null };
  return { entry, common };
}
