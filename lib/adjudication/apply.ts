// Applying accepted corrections to benchmark items, and the change log that records them. Pure.
//
// Decision-point MCQs: STEM → question, GOLD → answer, DISTRACTOR → one option's text,
// EVIDENCE → evidence event ids, with evidence_text and evidence_level re-derived from the chosen
// events (evidence.ts; needs the patient's record). Conversations: every change but REMOVE names a turn
// (`turnOrder`, as stored on the correction) and changes only that turn:
//   STEM       → the turn's question;
//   GOLD       → the turn's correct_answer (a label A–E); on a source turn `goldSources` is
//                recomputed from the new correct option's text, as the importer derives it;
//   DISTRACTOR → one option's text (on a source turn it must still cite a "Note #N"; when it is
//                the gold option, `goldSources` is recomputed);
//   EVIDENCE   → source turns only: the label of the option that cites the right evidence,
//                i.e. the same change as GOLD on that turn (the evidence of a source turn IS its
//                gold option). `{ answer, turnOrder }` instead of MCQ `evidenceEventIds`.
//   REMOVE_TURN → drops the named turn's question (turn_index): its content turn and its source
//                turn together, since a source turn asks for the evidence of its content turn's
//                answer and the importer refuses either without the other; never the last one.
// REMOVE is about the whole item. Anything that does not fit throws CorrectionError.
import type { Conversation, EhrEvent, Item, McqItem, NormalizedDataset, Note, SourceRef, Turn } from "../formats";
import { itemKey, parseSourceOption, sourceKey, TURN_LABELS } from "../formats";
import { mdText } from "../reports/markdown";
import { revisionsMarkdown, type ReportRevisions } from "../reports/revisions";
import type { AppliedChange } from "./change";
import { type DomainMessage, domainMessage } from "../i18n/domain";
import { CorrectionError, EvidenceError, misfit } from "./errors";
import { applyEvidence, type EvidenceContext } from "./evidence";

export type { AppliedChange } from "./change";
export { CorrectionError } from "./errors";

export interface ChangeRecord {
  item: string;
  change: AppliedChange;
  before: unknown;
  after: unknown;
  /** Fields re-derived from the change (an evidence text composed from the chosen events…), in words. */
  derived?: string[];
  proposedBy: string;
  decidedBy: string;
  decision: "ACCEPTED" | "EDITED";
  rationale: string;
  proposalRationale: string;
}

/** Order of the changes to one item: a distractor fix before a gold change that may pick it; then by turn. */
export const APPLY_ORDER: readonly string[] = ["STEM", "DISTRACTOR", "GOLD", "EVIDENCE", "REMOVE_TURN", "REMOVE"];

type Applied = { item: Item; before: unknown; after: unknown; derived?: string[] };
type TurnChange = Exclude<AppliedChange, { kind: "REMOVE" } | { kind: "REMOVE_TURN" }>;

/**
 * The item after one change; throws when the change does not fit the item. An evidence change of
 * a decision-point item needs `evidence`: the patient's record (and the dataset's time zone).
 */
export function applyChange(item: Item, change: AppliedChange, evidence?: EvidenceContext): Applied {
  if (change.kind === "REMOVE") return { item, before: null, after: null };
  if (change.kind === "REMOVE_TURN") {
    if (item.kind !== "conversation") throw misfit({ item: item.instanceId }, "adjudication.noTurnsToRemove");
    return removeTurn(item, change.turnOrder);
  }
  if (item.kind === "conversation") return applyToTurn(item, change);
  if (change.turnOrder) throw misfit({ item: item.instanceId }, "adjudication.mcqNoTurn", { turn: String(change.turnOrder) });
  const mcq: McqItem = structuredClone(item);
  switch (change.kind) {
    case "STEM":
      if (!change.question.trim()) throw misfit({ item: mcq.instanceId }, "adjudication.emptyQuestion");
      mcq.question = change.question;
      return { item: mcq, before: item.question, after: mcq.question };
    case "GOLD":
      if (!mcq.options.some((o) => o.label === change.answer))
        throw misfit({ item: mcq.instanceId }, "adjudication.notOptionLabel", { answer: change.answer });
      mcq.answer = change.answer;
      return { item: mcq, before: item.answer, after: mcq.answer };
    case "DISTRACTOR": {
      const option = mcq.options.find((o) => o.label === change.label);
      if (!option) throw misfit({ item: mcq.instanceId }, "adjudication.noOption", { label: change.label });
      const before = option.text;
      option.text = change.text;
      return { item: mcq, before: { label: change.label, text: before }, after: { label: change.label, text: change.text } };
    }
    case "EVIDENCE":
      if (!("evidenceEventIds" in change) || !Array.isArray(change.evidenceEventIds))
        throw misfit({ item: mcq.instanceId }, "adjudication.evidenceLists");
      if (!evidence) throw misfit({ item: mcq.instanceId }, "adjudication.evidenceNeedsRecord");
      try {
        return applyEvidence(item, change, evidence);
      } catch (error) {
        if (error instanceof EvidenceError) throw new CorrectionError(error.said, { item: error.item });
        throw error;
      }
  }
}

/** The conversation without the question `turnOrder` belongs to (its content and source turns). */
function removeTurn(conv: Conversation, turnOrder: number): Applied {
  const id = conv.conversationId;
  const turn = conv.turns.find((t) => t.turnOrder === turnOrder);
  if (!turn) throw misfit({ item: id }, "adjudication.noTurn", { turn: String(turnOrder) });
  const gone = conv.turns.filter((t) => t.turnIndex === turn.turnIndex);
  const kept = conv.turns.filter((t) => t.turnIndex !== turn.turnIndex);
  if (kept.length === 0) throw misfit({ item: id }, "adjudication.onlyQuestion", { turn: String(turnOrder) });
  const fixed: Conversation = { ...structuredClone(conv), turns: structuredClone(kept) };
  return { item: fixed, before: gone.map((t) => ({ turnOrder: t.turnOrder, question: t.question })), after: null };
}

/** As the importer derives them: the (note, headers) sets the correct option's text cites. */
function goldSourcesOf(turn: Turn): SourceRef[] {
  const text = turn.options.find((o) => o.label === turn.answer)?.text ?? "";
  return parseSourceOption(text).map((r) => ({ noteNum: r.noteNum, headers: r.headers }));
}

const normText = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

function applyToTurn(conv: Conversation, change: TurnChange): Applied {
  const id = conv.conversationId;
  const order = change.turnOrder ?? 0;
  if (order === 0) throw misfit({ item: id }, "adjudication.whichTurn", { kind: change.kind.toLowerCase() });
  const index = conv.turns.findIndex((t) => t.turnOrder === order);
  if (index < 0) throw misfit({ item: id }, "adjudication.noTurn", { turn: String(order) });
  const fixed: Conversation = structuredClone(conv);
  const turn = fixed.turns[index]!;
  const where = { item: id, turn: order };
  const result = (before: unknown, after: unknown, goldChanged = false): Applied => {
    if (goldChanged && turn.turnType === "source") turn.goldSources = goldSourcesOf(turn);
    return { item: fixed, before, after };
  };
  switch (change.kind) {
    case "STEM":
      if (!change.question.trim()) throw misfit(where, "adjudication.emptyQuestion");
      turn.question = change.question;
      return result(conv.turns[index]!.question, turn.question);
    case "GOLD":
    case "EVIDENCE": {
      if (change.kind === "EVIDENCE" && turn.turnType !== "source") throw misfit(where, "adjudication.evidenceOnContent");
      const answer = "answer" in change ? change.answer : "";
      const option = turn.options.find((o) => o.label === answer);
      if (!option || !(TURN_LABELS as readonly string[]).includes(answer))
        throw misfit(where, "adjudication.notTurnOptionLabel", { answer });
      if (!option.text.trim()) throw misfit(where, "adjudication.optionEmpty", { label: answer });
      turn.answer = option.label;
      return result(conv.turns[index]!.answer, turn.answer, true);
    }
    case "DISTRACTOR": {
      const option = turn.options.find((o) => o.label === change.label);
      if (!option) throw misfit(where, "adjudication.noOption", { label: change.label });
      if (!change.text.trim()) throw misfit(where, "adjudication.optionTextEmpty", { label: change.label });
      const key = (text: string) => (turn.turnType === "source" ? sourceKey(parseSourceOption(text)) : normText(text));
      if (turn.turnType === "source" && parseSourceOption(change.text).length === 0) throw misfit(where, "adjudication.sourceNeedsNote");
      const same = turn.options.find((o) => o.label !== change.label && key(o.text) === key(change.text));
      if (same) throw misfit(where, "adjudication.optionDuplicate", { label: change.label, same: same.label });
      const before = option.text;
      option.text = change.text;
      return result({ label: change.label, text: before }, { label: change.label, text: change.text }, option.label === turn.answer);
    }
  }
}

/**
 * Notes a conversation's source options cite that the patient does not have (or with another
 * chartdate): a corrected source option must still pass the importer's checks. `notes` maps
 * note_num → chartdate.
 */
export function missingNoteRefs(conv: Conversation, notes: ReadonlyMap<number, string>): DomainMessage[] {
  const problems: DomainMessage[] = [];
  for (const t of conv.turns) {
    if (t.turnType !== "source") continue;
    for (const o of t.options)
      for (const ref of parseSourceOption(o.text)) {
        const chartdate = notes.get(ref.noteNum);
        if (chartdate === undefined)
          problems.push(
            domainMessage("adjudication.citesMissingNote", {
              turn: String(t.turnOrder),
              label: o.label,
              num: String(ref.noteNum),
              patient: conv.patientId,
            }),
          );
        else if (ref.chartdate !== undefined && ref.chartdate !== chartdate)
          problems.push(
            domainMessage("adjudication.citesWrongChartdate", {
              turn: String(t.turnOrder),
              label: o.label,
              num: String(ref.noteNum),
              cited: ref.chartdate,
              chartdate,
            }),
          );
      }
  }
  return problems;
}

/** A decision as the corrected export applies it (the change log entry without before/after). */
export type Decision = Omit<ChangeRecord, "before" | "after" | "derived">;

/** What correcting items needs to know of their patients: the record (evidence) and the notes (source options). */
export interface PatientLookup {
  events(patientId: string): readonly EhrEvent[] | undefined;
  notes(patientId: string): readonly Pick<Note, "noteNum" | "chartdate">[] | undefined;
  timeZone?: string;
}

/**
 * The corrected items: every change applied in order (decisions of one item in APPLY_ORDER),
 * removed items dropped; everything else exactly as imported. Returns the change log entries
 * in the order applied. Only the patients of changed items are looked up.
 */
export function correctItems(
  items: readonly Item[],
  decisions: readonly Decision[],
  patients: PatientLookup,
): { items: Item[]; changes: ChangeRecord[]; removed: string[] } {
  const byItem = new Map<string, Decision[]>();
  for (const d of decisions) byItem.set(d.item, [...(byItem.get(d.item) ?? []), d]);
  const changes: ChangeRecord[] = [];
  const removed: string[] = [];
  const kept: Item[] = [];
  const seen = new Set<string>();
  for (const original of items) {
    const key = itemKey(original);
    seen.add(key);
    let item = original;
    let drop = false;
    for (const d of byItem.get(key) ?? []) {
      const events = d.change.kind === "EVIDENCE" && item.kind === "mcq" ? patients.events(item.patientId) : undefined;
      const result = applyChange(item, d.change, events ? { events, timeZone: patients.timeZone } : undefined);
      item = result.item;
      if (d.change.kind === "REMOVE") drop = true;
      changes.push({ ...d, before: result.before, after: result.after, ...(result.derived?.length ? { derived: result.derived } : {}) });
    }
    if (item !== original && item.kind === "conversation") {
      const notes = patients.notes(item.patientId) ?? [];
      const problems = missingNoteRefs(item, new Map(notes.map((n) => [n.noteNum, n.chartdate])));
      if (problems[0]) throw new CorrectionError(problems[0], { item: key });
    }
    if (drop) removed.push(key);
    else kept.push(item);
  }
  const unknown = [...byItem.keys()].filter((k) => !seen.has(k));
  if (unknown.length) throw new CorrectionError(domainMessage("adjudication.unknownItems", { items: unknown.join(", ") }));
  return { items: kept, changes, removed };
}

/** correctItems over a whole dataset held in memory (tests, small datasets). */
export function correctDataset(
  dataset: NormalizedDataset,
  decisions: readonly Decision[],
  timeZone = "UTC",
): { dataset: NormalizedDataset; changes: ChangeRecord[]; removed: string[] } {
  const byId = new Map(dataset.patients.map((p) => [p.patientId, p]));
  const r = correctItems(dataset.items, decisions, { events: (id) => byId.get(id)?.events, notes: (id) => byId.get(id)?.notes, timeZone });
  return { dataset: { ...dataset, items: r.items }, changes: r.changes, removed: r.removed };
}

/** "gold" or, for a conversation turn, "gold (turn 3)". */
export function changeLabel(change: AppliedChange): string {
  const turn = change.kind !== "REMOVE" && change.turnOrder ? ` (turn ${change.turnOrder})` : "";
  return `${change.kind.toLowerCase()}${turn}`;
}

/**
 * The change log for people: one line per change, who proposed, who decided and why; then the
 * revision summary (what share of the reviewed questions, options and items changed), when given.
 */
export function changeLogMarkdown(title: string, changes: ChangeRecord[], removed: string[], revisions?: ReportRevisions): string {
  // Every text from the benchmark or a person is escaped as report.md escapes it (mdText): a stem
  // or a rationale is shown as written, never read as Markdown (links, emphasis, raw HTML).
  const lines = [`# Change log: ${mdText(title)}`, "", `${changes.length} change(s); ${removed.length} item(s) removed.`, ""];
  const show = (v: unknown) => mdText(typeof v === "string" ? v : JSON.stringify(v));
  for (const c of changes) {
    const what =
      c.change.kind === "REMOVE"
        ? "removed from the benchmark"
        : c.change.kind === "REMOVE_TURN"
          ? `turn ${c.change.turnOrder} removed (${show(c.before)})`
          : `${changeLabel(c.change)}: ${show(c.before)} → ${show(c.after)}`;
    const derived = c.derived?.length ? ` (${c.derived.map(mdText).join("; ")})` : "";
    lines.push(
      `- **${mdText(c.item)}** — ${what}${derived}. Proposed by ${mdText(c.proposedBy)} (“${mdText(c.proposalRationale)}”); ${c.decision.toLowerCase()} by ${mdText(c.decidedBy)}: “${mdText(c.rationale)}”.`,
    );
  }
  if (revisions) lines.push(...revisionsMarkdown(revisions));
  return lines.join("\n") + "\n";
}
