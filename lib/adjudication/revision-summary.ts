/**
 * The revision summary a full-review paper prints ("questions rewritten 1.6 %, gold answers
 * corrected 1.3 %, distractors 0.5 %, correct sources 5.3 %, source distractors 5.2 %, 33 of 1,000
 * samples removed"): per kind of accepted correction, how many distinct things changed and the
 * share of what was reviewed of that kind. Pure.
 *
 * What each kind counts, and over what:
 *   questions rewritten   STEM          distinct (item, turn)            over questions (MCQ items; content and source turns)
 *   gold answers          GOLD          distinct (item, turn), content   over questions with a gold answer to change (MCQ items; content turns)
 *   distractors           DISTRACTOR    distinct (item, turn, option)    over distractor options (non-gold options of MCQ items and content turns)
 *   evidence / sources    EVIDENCE      distinct (item, turn)            over MCQ items with evidence / source turns; on a source turn a GOLD
 *                                       change is the same fix (its gold option IS the evidence) and counts here
 *   source distractors    DISTRACTOR    on a source turn                 over the non-gold options of source turns
 *   questions removed     REMOVE_TURN   distinct (item, turn_index)      over questions (content and source turns of a pair count once)
 *   items removed         REMOVE        distinct item                    over sampled items
 * Two raters proposing the same fix count once: it is one change to the benchmark.
 */
import type { Item } from "../formats";
import type { AppliedChange } from "./change";

export type RevisionKind = "question" | "gold" | "distractor" | "evidence" | "sourceDistractor" | "turnRemoved" | "removed";

export interface RevisionRow {
  kind: RevisionKind;
  /** Distinct things changed. */
  count: number;
  /** How many of that kind were reviewed (the denominator). */
  of: number;
  /** count / of; null when nothing of the kind was reviewed. */
  share: number | null;
}

export interface RevisionSummary {
  /** Sampled items reviewed. */
  items: number;
  /** The kinds that apply to the reviewed items, in the order a paper lists them. */
  rows: RevisionRow[];
}

const ORDER: RevisionKind[] = ["question", "gold", "distractor", "evidence", "sourceDistractor", "turnRemoved", "removed"];

/** What the sampled items hold of each kind (the denominators): a function of the sample alone. */
export interface RevisionScope {
  /** Sampled items. */
  items: number;
  questions: number;
  goldQuestions: number;
  distractors: number;
  evidence: number;
  sourceDistractors: number;
  /** A conversation's questions: its turn_index values (a content turn and its source turn). */
  turnQuestions: number;
}

/** The denominators of `items`, the sampled items as reviewed keyed by the change log's item id. */
export function revisionScope(items: ReadonlyMap<string, Item>): RevisionScope {
  const s: RevisionScope = {
    items: items.size,
    questions: 0,
    goldQuestions: 0,
    distractors: 0,
    evidence: 0,
    sourceDistractors: 0,
    turnQuestions: 0,
  };
  for (const item of items.values()) {
    if (item.kind === "mcq") {
      s.questions++;
      s.goldQuestions++;
      s.distractors += Math.max(0, item.options.length - 1);
      s.evidence++;
      continue;
    }
    s.turnQuestions += new Set(item.turns.map((t) => t.turnIndex)).size;
    for (const turn of item.turns) {
      s.questions++;
      if (turn.turnType === "source") {
        s.evidence++;
        s.sourceDistractors += Math.max(0, turn.options.length - 1);
      } else {
        s.goldQuestions++;
        s.distractors += Math.max(0, turn.options.length - 1);
      }
    }
  }
  return s;
}

/** The kind a change counts under, and the key that makes it distinct. */
function classify(item: Item | undefined, itemKey: string, change: AppliedChange): [RevisionKind, string] | null {
  if (change.kind === "REMOVE") return ["removed", itemKey];
  const turnOrder = change.turnOrder ?? 0;
  const turn = item?.kind === "conversation" ? item.turns.find((t) => t.turnOrder === turnOrder) : undefined;
  if (change.kind === "REMOVE_TURN") return ["turnRemoved", `${itemKey}#i${turn?.turnIndex ?? `o${turnOrder}`}`];
  const onSource = turn?.turnType === "source";
  const at = `${itemKey}#${turnOrder}`;
  switch (change.kind) {
    case "STEM":
      return ["question", at];
    case "GOLD":
      return onSource ? ["evidence", at] : ["gold", at];
    case "EVIDENCE":
      return ["evidence", at];
    case "DISTRACTOR":
      return [onSource ? "sourceDistractor" : "distractor", `${at}#${change.label}`];
  }
}

/**
 * @param items   the sampled items as reviewed (before corrections), keyed by the change log's item id
 * @param changes the accepted (or edited) corrections, as applied
 */
export function revisionSummary(
  items: ReadonlyMap<string, Item>,
  changes: readonly { item: string; change: AppliedChange }[],
): RevisionSummary {
  return summaryOver(revisionScope(items), (key) => items.get(key), changes);
}

/**
 * revisionSummary from the sample's denominators (kept: the sample changes far less often than
 * the decisions) and the changed items alone: `item` needs to know only the items `changes` name.
 */
export function summaryOver(
  scope: RevisionScope,
  item: (key: string) => Item | undefined,
  changes: readonly { item: string; change: AppliedChange }[],
): RevisionSummary {
  const seen = new Map<RevisionKind, Set<string>>(ORDER.map((k) => [k, new Set()]));
  for (const c of changes) {
    const kind = classify(item(c.item), c.item, c.change);
    if (kind) seen.get(kind[0])!.add(kind[1]);
  }
  const of: Record<RevisionKind, number> = {
    question: scope.questions,
    gold: scope.goldQuestions,
    distractor: scope.distractors,
    evidence: scope.evidence,
    sourceDistractor: scope.sourceDistractors,
    turnRemoved: scope.turnQuestions,
    removed: scope.items,
  };
  // A row for removed questions only when one was removed: reports of audits without it stay as they were.
  const shown = (k: RevisionKind) => (k === "turnRemoved" ? seen.get(k)!.size > 0 : of[k] > 0 || seen.get(k)!.size > 0);
  const rows = ORDER.filter(shown).map((kind) => {
    const count = seen.get(kind)!.size;
    return { kind, count, of: of[kind], share: of[kind] > 0 ? count / of[kind] : null };
  });
  return { items: scope.items, rows };
}

/** How a paper names each kind (conversations call evidence their sources). */
export function revisionNoun(kind: RevisionKind, conversations: boolean): string {
  switch (kind) {
    case "question":
      return "questions rewritten";
    case "gold":
      return "gold answers corrected";
    case "distractor":
      return "distractors corrected";
    case "evidence":
      return conversations ? "correct sources corrected" : "evidence corrected";
    case "sourceDistractor":
      return "source distractors corrected";
    case "turnRemoved":
      return "conversation questions removed";
    case "removed":
      return "items removed";
  }
}

/** "1.6%" with one decimal, as the report's shares; "n/a" without a denominator. */
export function revisionPercent(share: number | null): string {
  return share === null ? "n/a" : `${(share * 100).toFixed(1)}%`;
}

/** The sentence for the appendix paragraph, or null when no correction was accepted. */
export function revisionSentence(summary: RevisionSummary, conversations: boolean): string | null {
  const changed = summary.rows.filter((r) => r.count > 0);
  if (changed.length === 0) return null;
  const parts = changed.map(
    (r) => `${revisionNoun(r.kind, conversations)} ${revisionPercent(r.share)} (${r.count} of ${r.of.toLocaleString("en-US")})`,
  );
  const what = conversations ? "questions, turns and options reviewed" : "questions and options reviewed";
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Accepted corrections, as shares of the ${what}: ${list}.`;
}
