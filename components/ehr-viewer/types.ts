/**
 * Props contract of the pre-decision record viewers. The server maps database rows to these
 * shapes after cutting the record at the decision cutoff, so everything here may be shown.
 */
import type { EventType } from "@/lib/formats/model";

export type { EventType };
export interface ViewerMeasurement {
  name: string;
  value: number | string | null;
  unit: string | null;
  refLow: number | null;
  refHigh: number | null;
  flag: string | null /* "H" | "L" | "HH" | "LL" | "A" | "N" or free text */;
}
export interface ViewerEvent {
  id: string; // stable unique id (use as key / anchor)
  eventId: string; // the benchmark's event_id (shown small, used by evidence lists)
  time: string; // ISO 8601 local time, e.g. "2031-08-18T10:02:00"
  gaDays: number | null; // gestational age in days → shown as "32+4 wk"
  visitId: string | null;
  type: EventType;
  name: string;
  measurement: ViewerMeasurement | null; // single value events
  items: ViewerMeasurement[]; // panels (may be empty)
  text: string | null; // free text (notes can be long: thousands of characters)
}
export interface ViewerNoteSection {
  title: string;
  text: string;
}
/** A section without a title shows the catalog's "Text"; a note without one, "Note #n · date". */
export interface ViewerNote {
  id: string;
  noteNum: number;
  chartdate: string /* YYYY-MM-DD */;
  title?: string;
  sections: ViewerNoteSection[];
}

/** Display order of the type filter: the format's own order. */
export { EVENT_TYPES } from "@/lib/formats/model";
