// Turn-level and conversation-level rules of EHRNote-ChatQA (the same rules
// the release itself enforces), independent of the file layout.
import { normalizeOption, type FindingLog } from "./findings";
import { firstAt, type IssueLog, issueAt, type Where } from "./issues";
import type { Turn, TurnLabel } from "./model";
import { noteHasHeader } from "./sections";
import { parseSourceOption, sourceKey } from "./source-option";

export interface LocatedTurn {
  turn: Turn;
  where: Where;
}

/** Wire names of a turn's option / answer fields (ChatQA vs EHRNoteQA spell them differently). */
export interface TurnFieldNames {
  option(label: TurnLabel): string;
  answer: string;
}

export const CHATQA_FIELDS: TurnFieldNames = { option: (l) => `option_${l.toLowerCase()}`, answer: "correct_answer" };
export const EHRNOTEQA_FIELDS: TurnFieldNames = { option: (l) => `choice_${l}`, answer: "answer" };

/** Where a turn's findings go, and the item they belong to. */
export interface FindingTarget {
  findings: FindingLog;
  /** The item's external id (conversation id). */
  item: string;
}

/**
 * Rules that need only the turn itself. Structural (issues): the gold points at an empty
 * option, or the gold of a source turn names no note. Content defects (findings): duplicate
 * options, an empty stem, an empty distractor, a source distractor naming no note.
 */
export function checkTurn(turn: Turn, where: Where, log: IssueLog, target: FindingTarget, names: TurnFieldNames = CHATQA_FIELDS): void {
  const { findings, item } = target;
  const turnDetail = { turnOrder: turn.turnOrder, turnType: turn.turnType };
  if (turn.question.trim() === "")
    findings.add(where, "question", "empty_question", `turn ${turn.turnOrder} has no question text`, turnDetail, item);
  // Options grouped as the release writer groups them; source options also by the evidence
  // set they cite (same notes and headers in another order is the same answer).
  const byText = new Map<string, TurnLabel[]>();
  const byEvidence = new Map<string, TurnLabel[]>();
  for (const o of turn.options) {
    const gold = o.label === turn.answer;
    if (o.text.trim() === "") {
      if (gold)
        log.add(issueAt(where, names.answer, "formats.answerEmptyOption", { field: names.answer, answer: JSON.stringify(turn.answer) }));
      else
        findings.add(
          where,
          names.option(o.label),
          "empty_option",
          `${names.option(o.label)} is empty`,
          { ...turnDetail, label: o.label },
          item,
        );
      continue;
    }
    const key = normalizeOption(o.text);
    byText.set(key, [...(byText.get(key) ?? []), o.label]);
    if (turn.turnType !== "source") continue;
    const refs = parseSourceOption(o.text);
    if (refs.length === 0) {
      const message = `source option does not name any "Note #N"`;
      if (gold) log.add(issueAt(where, names.option(o.label), "formats.sourceNamesNoNote"));
      else findings.add(where, names.option(o.label), "unparseable_source_option", message, { ...turnDetail, label: o.label }, item);
      continue;
    }
    const ev = sourceKey(refs);
    byEvidence.set(ev, [...(byEvidence.get(ev) ?? []), o.label]);
  }
  const reported = new Set<string>();
  const report = (labels: TurnLabel[], rule: "text" | "evidence") => {
    const id = labels.join("");
    if (labels.length < 2 || reported.has(id)) return;
    reported.add(id);
    const gold = labels.includes(turn.answer);
    const [first, ...rest] = labels.map((l) => names.option(l));
    const message = `duplicate option: ${rest.join(", ")} same as ${first}${gold ? ` (duplicates the correct answer ${turn.answer}: unscorable)` : ""}`;
    findings.add(where, rest[0] as string, "duplicate_option", message, { ...turnDetail, labels, gold, answer: turn.answer, rule }, item);
  };
  for (const labels of byText.values()) report(labels, "text");
  for (const labels of byEvidence.values()) report(labels, "evidence");
}

/**
 * Drops duplicate turns (same turn_order, or same turn_index + turn_type) with
 * an issue each, then checks that every content turn is immediately followed
 * (in turn_order) by its source turn and every source turn follows its content turn.
 */
export function checkTurnSequence(turns: readonly LocatedTurn[], log: IssueLog): LocatedTurn[] {
  const byOrder = new Map<number, Where>();
  const byIndexType = new Map<string, Where>();
  const kept: LocatedTurn[] = [];
  for (const lt of turns) {
    const { turn, where } = lt;
    const o = byOrder.get(turn.turnOrder);
    if (o) {
      log.add(issueAt(where, "turn_order", "formats.duplicateTurnOrder", { order: String(turn.turnOrder), ...firstAt(o) }));
      continue;
    }
    const key = `${turn.turnIndex}/${turn.turnType}`;
    const it = byIndexType.get(key);
    if (it) {
      log.add(
        issueAt(where, "turn_index", "formats.duplicateTurn", { type: turn.turnType, index: String(turn.turnIndex), ...firstAt(it) }),
      );
      continue;
    }
    byOrder.set(turn.turnOrder, where);
    byIndexType.set(key, where);
    kept.push(lt);
  }
  const ordered = [...kept].sort((a, b) => a.turn.turnOrder - b.turn.turnOrder);
  ordered.forEach(({ turn, where }, k) => {
    if (turn.turnType === "content") {
      const next = ordered[k + 1]?.turn;
      if (next?.turnType !== "source" || next.turnIndex !== turn.turnIndex)
        log.add(
          issueAt(where, "turn_index", "formats.contentWithoutSource", { order: String(turn.turnOrder), index: String(turn.turnIndex) }),
        );
    } else {
      const prev = ordered[k - 1]?.turn;
      if (prev?.turnType !== "content" || prev.turnIndex !== turn.turnIndex)
        log.add(
          issueAt(where, "turn_index", "formats.sourceWithoutContent", { order: String(turn.turnOrder), index: String(turn.turnIndex) }),
        );
    }
  });
  return kept;
}

/** A patient's notes as the validation pass keeps them: note_num → chartdate ("" = rejected) and cited-header keys. */
export interface NoteIndex {
  dates: ReadonlyMap<number, string>;
  /** noteHeaderKeys of each accepted note. */
  headers: ReadonlyMap<number, ReadonlySet<string>>;
}

/**
 * Every "Note #N" in a source option must be one of the patient's notes (and match its
 * chartdate): issues. A header the gold option cites that its note does not have is a
 * finding: the evidence answer points at nothing a reviewer can find.
 */
export function checkNoteRefs(
  turn: Turn,
  where: Where,
  patientId: string,
  notes: NoteIndex,
  log: IssueLog,
  target: FindingTarget,
  names: TurnFieldNames = CHATQA_FIELDS,
): void {
  if (turn.turnType !== "source") return;
  const have = [...notes.dates.keys()].sort((a, b) => a - b).join(", ");
  for (const o of turn.options) {
    for (const ref of parseSourceOption(o.text)) {
      const chartdate = notes.dates.get(ref.noteNum);
      if (chartdate === undefined) {
        log.add(
          issueAt(where, names.option(o.label), have ? "formats.namesMissingNote" : "formats.namesMissingNoteNone", {
            num: String(ref.noteNum),
            patient: patientId,
            have,
          }),
        );
        continue;
      }
      if (ref.chartdate !== undefined && chartdate !== "" && ref.chartdate !== chartdate) {
        log.add(
          issueAt(where, names.option(o.label), "formats.chartdateMismatch", { num: String(ref.noteNum), cited: ref.chartdate, chartdate }),
        );
      }
      // Only the gold: a distractor citing an absent section is just a wrong answer.
      if (o.label !== turn.answer) continue;
      const keys = notes.headers.get(ref.noteNum);
      const missing = keys ? ref.headers.filter((h) => !noteHasHeader(keys, h)) : [];
      if (missing.length === 0) continue;
      target.findings.add(
        where,
        names.option(o.label),
        "missing_section",
        `the correct answer ${names.option(o.label)} cites ${missing.map((h) => JSON.stringify(h)).join(", ")} in Note #${ref.noteNum}, which has no such section`,
        { turnOrder: turn.turnOrder, label: o.label, noteNum: ref.noteNum, headers: missing },
        target.item,
      );
    }
  }
}
