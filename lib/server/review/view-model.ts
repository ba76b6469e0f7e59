// Maps normalized records to the viewer's props. Pure (no server-only import) so it is testable.
import type { Conversation, EhrEvent, McqItem, Measurement, Note } from "../../formats";

export interface ViewerMeasurementVm {
  name: string;
  value: number | string | null;
  unit: string | null;
  refLow: number | null;
  refHigh: number | null;
  flag: string | null;
}

function measurement(name: string, m: Measurement): ViewerMeasurementVm {
  const v = m.value;
  return {
    name,
    value: v === undefined || v === null ? null : typeof v === "boolean" ? String(v) : v,
    unit: m.unit ?? null,
    refLow: m.refRange?.low ?? null,
    refHigh: m.refRange?.high ?? null,
    flag: m.flag ?? null,
  };
}

/** Naive source time, as written ("2031-08-18T10:02:00"), without a timezone shift. */
export function eventViewModel(id: string, event: EhrEvent) {
  const hasValue = event.value !== undefined && event.value !== null;
  return {
    id,
    eventId: event.eventId,
    time: event.time,
    gaDays: event.gaDays ?? null,
    visitId: event.visitId ?? null,
    type: event.type,
    name: event.name,
    measurement: hasValue ? measurement(event.name, event) : null,
    items: (event.items ?? []).map((i) => measurement(i.name, i)),
    text: event.text ?? null,
  };
}

/** Untitled notes and sections are named by the viewer, in the reader's language. */
export function noteViewModel(id: string, note: Note) {
  const sections = note.sections.length
    ? note.sections.map((s) => ({ title: s.title, text: note.text.slice(s.start + s.rawTitle.length, s.end).trim() }))
    : [{ title: "", text: note.text }];
  return { id, noteNum: note.noteNum, chartdate: note.chartdate, sections };
}

/**
 * The cutoff as written ("2031-08-18 10:02"), its zone included: the offset it was given with
 * ("2033-04-14 14:08 -12:00", "… UTC" for Z), or for a time without one the dataset's zone when
 * that is not UTC ("2031-08-18 10:02 (Europe/Paris)"): the instant the record is cut at.
 */
export function cutoffLabel(time: string, timeZone = "UTC"): string {
  const m = /^(\d{4}-\d\d-\d\d)(?:[T ](\d\d:\d\d)(?::\d\d(?:\.\d+)?)?)?(Z|[+-]\d\d:?\d\d)?$/.exec(time);
  if (!m) return time;
  const [, date, hm, zone] = m as unknown as [string, string, string | undefined, string | undefined];
  const wall = hm ? `${date} ${hm}` : date;
  if (zone) return `${wall} ${zone === "Z" ? "UTC" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`}`;
  return timeZone === "UTC" ? wall : `${wall} (${timeZone})`;
}

/** The case panel's view of a decision-point MCQ; `timeZone`: the dataset's, for cutoffs written without an offset. */
export function mcqViewModel(item: McqItem, timeZone = "UTC") {
  return {
    question: item.question,
    options: item.options.map((o) => ({ label: o.label, text: o.text })),
    answer: item.answer,
    ruleId: item.ruleId,
    ruleText: item.ruleText ?? null,
    evidenceEventIds: item.evidenceEventIds,
    evidenceText: item.evidenceText ?? null,
    /** The cutoff as written, zone included (cutoffLabel); GA is worded by the case panel. */
    cutoff: { time: cutoffLabel(item.cutoff.time, timeZone), gaDays: item.cutoff.gaDays ?? null },
  };
}

/** Every turn of a conversation with its gold and, for source turns, the gold (note, section) sets. */
export function turnViewModels(item: Conversation) {
  return item.turns.map((t) => ({
    turnOrder: t.turnOrder,
    turnIndex: t.turnIndex,
    turnType: t.turnType,
    question: t.question,
    options: t.options.map((o) => ({ label: o.label, text: o.text })),
    answer: t.answer,
    goldSources: t.goldSources ?? [],
  }));
}
