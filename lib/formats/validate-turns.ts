// Turn-level and conversation-level rules of EHRNote-ChatQA (the same rules
// the release itself enforces), independent of the file layout.
import { IssueLog, issueAt, type Where } from "./issues";
import type { Turn, TurnLabel } from "./model";
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

const normText = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Rules that need only the turn itself: duplicate options, empty gold, unparseable sources. */
export function checkTurn(turn: Turn, where: Where, log: IssueLog, names: TurnFieldNames = CHATQA_FIELDS): void {
  const seen = new Map<string, TurnLabel>();
  for (const o of turn.options) {
    if (o.text.trim() === "") {
      if (o.label === turn.answer)
        log.add(issueAt(where, names.answer, `${names.answer} ${JSON.stringify(turn.answer)} points at an empty option`));
      continue;
    }
    let key = `t:${normText(o.text)}`;
    if (turn.turnType === "source") {
      const refs = parseSourceOption(o.text);
      if (refs.length === 0) log.add(issueAt(where, names.option(o.label), `source option does not name any "Note #N"`));
      // Same notes and headers in another order is still the same evidence set.
      else key = `s:${sourceKey(refs)}`;
    }
    const dup = seen.get(key);
    if (dup) log.add(issueAt(where, names.option(o.label), `duplicate option: same as ${names.option(dup)}`));
    else seen.set(key, o.label);
  }
}

/**
 * Drops duplicate turns (same turn_order, or same turn_index + turn_type) with
 * an issue each, then checks that every content turn is immediately followed
 * (in turn_order) by its source turn and every source turn follows its content turn.
 */
export function checkTurnSequence(turns: readonly LocatedTurn[], log: IssueLog, describe: (w: Where) => string): LocatedTurn[] {
  const byOrder = new Map<number, Where>();
  const byIndexType = new Map<string, Where>();
  const kept: LocatedTurn[] = [];
  for (const lt of turns) {
    const { turn, where } = lt;
    const o = byOrder.get(turn.turnOrder);
    if (o) {
      log.add(issueAt(where, "turn_order", `duplicate turn_order ${turn.turnOrder} in this conversation (first at ${describe(o)})`));
      continue;
    }
    const key = `${turn.turnIndex}/${turn.turnType}`;
    const it = byIndexType.get(key);
    if (it) {
      log.add(issueAt(where, "turn_index", `duplicate ${turn.turnType} turn for turn_index ${turn.turnIndex} (first at ${describe(it)})`));
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
      if (!next || next.turnType !== "source" || next.turnIndex !== turn.turnIndex)
        log.add(
          issueAt(where, "turn_index", `content turn (turn_order ${turn.turnOrder}, turn_index ${turn.turnIndex}) is not followed by its source turn (turn_index ${turn.turnIndex})`),
        );
    } else {
      const prev = ordered[k - 1]?.turn;
      if (!prev || prev.turnType !== "content" || prev.turnIndex !== turn.turnIndex)
        log.add(
          issueAt(where, "turn_index", `source turn (turn_order ${turn.turnOrder}, turn_index ${turn.turnIndex}) does not directly follow a content turn with the same turn_index`),
        );
    }
  });
  return kept;
}

/**
 * Every "Note #N" in a source option must be one of the patient's notes (and
 * match its chartdate). `notes` maps note_num → chartdate; "" = note was rejected.
 */
export function checkNoteRefs(
  turn: Turn,
  where: Where,
  patientId: string,
  notes: ReadonlyMap<number, string>,
  log: IssueLog,
  names: TurnFieldNames = CHATQA_FIELDS,
): void {
  if (turn.turnType !== "source") return;
  const have = [...notes.keys()].sort((a, b) => a - b).join(", ") || "none";
  for (const o of turn.options) {
    for (const ref of parseSourceOption(o.text)) {
      const chartdate = notes.get(ref.noteNum);
      if (chartdate === undefined) {
        log.add(issueAt(where, names.option(o.label), `names Note #${ref.noteNum}, but patient ${patientId} has notes: ${have}`));
      } else if (ref.chartdate !== undefined && chartdate !== "" && ref.chartdate !== chartdate) {
        log.add(issueAt(where, names.option(o.label), `Note #${ref.noteNum} is cited with chartdate ${ref.chartdate}, but its chartdate is ${chartdate}`));
      }
    }
  }
}
