// The pre-cutoff record in the shape it travels to the browser: one string table for the short
// strings that repeat (types, names, units, flags, visits) and one tuple per event, instead of an
// object per event and per measurement with every key and null spelled out. The server builds it
// once per item (lib/server/review/record-cache.ts); the viewer expands it back to ViewerEvent[].
// Pure: imported by the server and by the client viewer alike.
import type { ViewerEvent, ViewerMeasurement } from "../../components/ehr-viewer/types";

/** Bump when the tuples below change: cached records of another version are rebuilt. */
export const COMPACT_RECORD_VERSION = 1;

/** [value, unit, refLow, refHigh, flag]: unit and flag index the string table (-1 = none). */
type MeasurementTuple = [number | string | null, number, number | null, number | null, number];
/** A panel item: its name (string table) before the measurement. */
type ItemTuple = [number, ...MeasurementTuple];
/**
 * [eventId, time, gaDays, visit, type, name, text, measurement, items]: visit, type and name index
 * the string table (visit -1 = none); measurement 0 = none; items 0 = none.
 */
type EventTuple = [string, string, number | null, number, number, number, string | null, MeasurementTuple | 0, ItemTuple[] | 0];

export interface CompactRecord {
  v: typeof COMPACT_RECORD_VERSION;
  s: string[];
  e: EventTuple[];
}

/** Events in viewer order (time ascending), already cut at the cutoff: the encoder never filters. */
export function compactRecord(events: readonly ViewerEvent[]): CompactRecord {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string | null): number => {
    if (s === null) return -1;
    let i = index.get(s);
    if (i === undefined) index.set(s, (i = strings.push(s) - 1));
    return i;
  };
  const measurement = (m: ViewerMeasurement): MeasurementTuple => [m.value, ref(m.unit), m.refLow, m.refHigh, ref(m.flag)];
  const e = events.map((ev): EventTuple => {
    // The ids are the benchmark's event_id (unique within a patient): no database ids travel.
    if (ev.id !== ev.eventId) throw new Error(`compactRecord: event ${ev.eventId} has a separate id ${ev.id}`);
    if (ev.measurement && ev.measurement.name !== ev.name)
      throw new Error(`compactRecord: event ${ev.eventId}'s measurement is named apart`);
    return [
      ev.eventId,
      ev.time,
      ev.gaDays,
      ref(ev.visitId),
      ref(ev.type),
      ref(ev.name),
      ev.text,
      ev.measurement ? measurement(ev.measurement) : 0,
      ev.items.length ? ev.items.map((m): ItemTuple => [ref(m.name), ...measurement(m)]) : 0,
    ];
  });
  return { v: COMPACT_RECORD_VERSION, s: strings, e };
}

/** The viewer's events back from a compact record (a record of another version is refused). */
export function expandRecord(record: CompactRecord): ViewerEvent[] {
  if (record.v !== COMPACT_RECORD_VERSION) throw new Error(`expandRecord: record version ${record.v}, expected ${COMPACT_RECORD_VERSION}`);
  const s = record.s;
  const str = (i: number): string | null => (i < 0 ? null : (s[i] ?? null));
  const measurement = (name: string, [value, unit, refLow, refHigh, flag]: MeasurementTuple): ViewerMeasurement => ({
    name,
    value,
    unit: str(unit),
    refLow,
    refHigh,
    flag: str(flag),
  });
  return record.e.map(([eventId, time, gaDays, visit, type, nameIx, text, m, items]) => {
    const name = str(nameIx) ?? "";
    return {
      id: eventId,
      eventId,
      time,
      gaDays,
      visitId: str(visit),
      type: str(type) as ViewerEvent["type"],
      name,
      measurement: m === 0 ? null : measurement(name, m),
      items: items === 0 ? [] : items.map(([n, ...rest]) => measurement(str(n) ?? "", rest)),
      text,
    };
  });
}

const expanded = new Map<string, ViewerEvent[]>(); // insertion order = recency
const EXPANDED_KEEP = 8;

/**
 * Parses the JSON text of a compact record and expands it (the viewer's entry point). `key` (the
 * record's strong ETag) names the bytes: the last few expansions are kept by key, so a server
 * rendering the same item for many raters, or a browser going back to an item, expands it once.
 */
export function parseRecord(json: string, key?: string): ViewerEvent[] {
  const hit = key === undefined ? undefined : expanded.get(key);
  if (hit) {
    expanded.delete(key!);
    expanded.set(key!, hit);
    return hit;
  }
  const events = expandRecord(JSON.parse(json) as CompactRecord);
  if (key !== undefined) {
    expanded.set(key, events);
    for (const k of expanded.keys()) {
      if (expanded.size <= EXPANDED_KEEP) break;
      expanded.delete(k);
    }
  }
  return events;
}
