// Wire ⇄ normalized model for the notes family. Bundle turns and CSV rows
// share column names, so one mapping serves both; CSV just carries strings.
import type { Conversation, Note, SourceRef, Turn, TurnLabel, TurnOption } from "./model";
import { TURN_LABELS } from "./model";
import { compact } from "./primitives";
import { splitSections } from "./sections";
import { parseSourceOption } from "./source-option";
import { OPTION_COLUMNS } from "./schema-notes";

type Wire = Record<string, unknown>;
export type Extra = Record<string, unknown> | undefined;

export interface NoteFields {
  note_num: number;
  note_id?: string | undefined;
  hadm_id: number | null;
  note_seq?: number | undefined;
  chartdate: string;
  storetime: string | null;
  text: string;
  sections?: { title: string; raw_title: string; start: number; end: number }[] | undefined;
}

export function noteFromWire(raw: NoteFields, extra: Extra): Note {
  return compact({
    noteNum: raw.note_num,
    noteId: raw.note_id,
    hadmId: raw.hadm_id,
    noteSeq: raw.note_seq,
    chartdate: raw.chartdate,
    storetime: raw.storetime,
    text: raw.text,
    // CSV releases carry no offsets: derive them so the UI can jump to a cited header.
    sections: raw.sections
      ? raw.sections.map((s) => ({ title: s.title, rawTitle: s.raw_title, start: s.start, end: s.end }))
      : splitSections(raw.text),
    extra,
  });
}

export function noteToWire(n: Note): Wire {
  const w: Wire = {
    note_num: n.noteNum,
    note_id: n.noteId,
    hadm_id: n.hadmId,
    note_seq: n.noteSeq,
    chartdate: n.chartdate,
    storetime: n.storetime,
    text: n.text,
    sections: n.sections.map((s) => ({ title: s.title, raw_title: s.rawTitle, start: s.start, end: s.end })),
  };
  return n.extra ? { ...w, ...n.extra } : w;
}

export function noteToCsvFields(patientId: string, n: Note): string[] {
  return [
    patientId,
    String(n.noteNum),
    n.noteId ?? "",
    n.hadmId === null ? "" : String(n.hadmId),
    n.noteSeq === undefined ? "" : String(n.noteSeq),
    n.chartdate,
    n.storetime ?? "",
    n.text,
  ];
}

export interface TurnFields {
  turn_order: number;
  turn_index: number;
  turn_type: "content" | "source";
  question: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  option_e: string;
  correct_answer: TurnLabel;
}

export function goldSourcesOf(options: readonly TurnOption[], answer: TurnLabel): SourceRef[] {
  const text = options.find((o) => o.label === answer)?.text ?? "";
  return parseSourceOption(text).map((r) => ({ noteNum: r.noteNum, headers: r.headers }));
}

export function turnFromWire(raw: TurnFields, extra: Extra): Turn {
  const options = TURN_LABELS.map((label, k) => ({ label, text: raw[OPTION_COLUMNS[k] as (typeof OPTION_COLUMNS)[number]] }));
  return compact({
    turnOrder: raw.turn_order,
    turnIndex: raw.turn_index,
    turnType: raw.turn_type,
    question: raw.question,
    options,
    answer: raw.correct_answer,
    goldSources: raw.turn_type === "source" ? goldSourcesOf(options, raw.correct_answer) : undefined,
    extra,
  });
}

function optionColumns(t: Turn): Record<(typeof OPTION_COLUMNS)[number], string> {
  const out = { option_a: "", option_b: "", option_c: "", option_d: "", option_e: "" };
  t.options.forEach((o) => {
    const k = TURN_LABELS.indexOf(o.label);
    if (k >= 0) out[OPTION_COLUMNS[k] as keyof typeof out] = o.text;
  });
  return out;
}

export function turnToWire(t: Turn): Wire {
  const w: Wire = {
    turn_order: t.turnOrder,
    turn_index: t.turnIndex,
    turn_type: t.turnType,
    question: t.question,
    ...optionColumns(t),
    correct_answer: t.answer,
  };
  if (t.goldSources) w.gold_sources = t.goldSources.map((g) => ({ note_num: g.noteNum, headers: g.headers }));
  return t.extra ? { ...w, ...t.extra } : w;
}

export function turnToCsvFields(c: Conversation, t: Turn): string[] {
  const o = optionColumns(t);
  return [
    c.patientId,
    c.qaCategory,
    String(t.turnOrder),
    String(t.turnIndex),
    t.turnType,
    t.question,
    o.option_a,
    o.option_b,
    o.option_c,
    o.option_d,
    o.option_e,
    t.answer,
  ];
}
