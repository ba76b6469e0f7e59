/**
 * Day grouping and row flattening. The virtual list works on one flat array of rows
 * (day header | event | end marker) so sticky headers and windowing share one index space.
 */
import { dateKeyOf } from "./format";
import { EVENT_TYPES, type EventType, type ViewerEvent } from "./types";

export interface DayGroup {
  /** "YYYY-MM-DD" as written in the record. */
  key: string;
  /** GA of the day: the first known gaDays among its events (one day has one GA). */
  gaDays: number | null;
  events: ViewerEvent[];
  /** Index of the day's first event in the (time-sorted) input. */
  firstIndex: number;
}

export type Row =
  | { kind: "header"; key: string; day: number; order: number }
  | { kind: "event"; key: string; day: number; order: number; event: ViewerEvent /** 1-based among the visible events */; pos: number }
  | { kind: "end"; key: string; day: number; order: number };

export interface FlatRows {
  rows: Row[];
  /** day index → row index of its header, or -1 when the filter hid all of its events. */
  dayHeaderRow: Int32Array;
  /** ViewerEvent.id → row index, for visible events only (its size is the number of visible events). */
  rowOfEvent: Map<string, number>;
}

export interface DayEntry {
  day: number;
  key: string;
  gaDays: number | null;
  total: number;
  visible: number;
  evidence: number;
  headerRow: number;
}

function isSorted(events: readonly ViewerEvent[]): boolean {
  for (let i = 1; i < events.length; i++) if ((events[i - 1] as ViewerEvent).time > (events[i] as ViewerEvent).time) return false;
  return true;
}

/**
 * Events → day groups in time order. The prop contract says "sorted", but a stable sort
 * is cheap insurance: an out-of-order event would otherwise open a second header for a day.
 */
export function groupByDay(input: readonly ViewerEvent[]): DayGroup[] {
  const events = isSorted(input) ? input : [...input].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const groups: DayGroup[] = [];
  let current: DayGroup | null = null;
  events.forEach((event, i) => {
    const key = dateKeyOf(event.time);
    if (!current || current.key !== key) {
      current = { key, gaDays: null, events: [], firstIndex: i };
      groups.push(current);
    }
    current.events.push(event);
    if (current.gaDays == null && event.gaDays != null) current.gaDays = event.gaDays;
  });
  return groups;
}

/** Number of events per type (all types present as keys, zero when absent). */
export function countByType(events: readonly ViewerEvent[]): Record<EventType, number> {
  const counts = Object.fromEntries(EVENT_TYPES.map((t) => [t, 0])) as Record<EventType, number>;
  for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return counts;
}

/**
 * Groups → flat rows with a header before each day's visible events and one end marker.
 * `order` is a position in the unfiltered record, so a scroll anchor can be carried across
 * filter changes (the nearest surviving row at or after the old one).
 */
export function flattenRows(groups: readonly DayGroup[], visibleTypes?: ReadonlySet<EventType> | null): FlatRows {
  const rows: Row[] = [];
  const dayHeaderRow = new Int32Array(groups.length).fill(-1);
  const rowOfEvent = new Map<string, number>();
  groups.forEach((g, day) => {
    let headerPushed = false;
    g.events.forEach((event, j) => {
      if (visibleTypes && !visibleTypes.has(event.type)) return;
      if (!headerPushed) {
        dayHeaderRow[day] = rows.length;
        rows.push({ kind: "header", key: `h:${g.key}`, day, order: g.firstIndex - 0.5 });
        headerPushed = true;
      }
      const pos = rowOfEvent.size + 1;
      rowOfEvent.set(event.id, rows.length);
      rows.push({ kind: "event", key: `e:${event.id}`, day, order: g.firstIndex + j, event, pos });
    });
  });
  rows.push({ kind: "end", key: "end", day: Math.max(0, groups.length - 1), order: Number.POSITIVE_INFINITY });
  return { rows, dayHeaderRow, rowOfEvent };
}

/** One entry per day for the date list: GA, counts (all / visible / evidence) and its header row. */
export function buildDayIndex(groups: readonly DayGroup[], flat: FlatRows, evidenceIds: ReadonlySet<string>): DayEntry[] {
  return groups.map((g, day) => {
    let visible = 0;
    let evidence = 0;
    for (const e of g.events) {
      if (flat.rowOfEvent.has(e.id)) visible++;
      if (evidenceIds.has(e.eventId)) evidence++;
    }
    return { day, key: g.key, gaDays: g.gaDays, total: g.events.length, visible, evidence, headerRow: flat.dayHeaderRow[day] ?? -1 };
  });
}

/** First row whose order is ≥ `order` (binary search; rows are in order), or the last row. */
export function rowAtOrAfter(rows: readonly Row[], order: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((rows[mid] as Row).order < order) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo);
}

/** Day of the row at `rowIndex`, clamped, so callers never index out of range. */
export function dayOfRow(rows: readonly Row[], rowIndex: number): number {
  const r = rows[Math.min(Math.max(rowIndex, 0), rows.length - 1)];
  return r ? r.day : 0;
}
