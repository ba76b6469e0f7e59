// How an `ehr-decision-mcq` instance's evidence_text and evidence_level follow from the events
// it cites, as the benchmark's writer (our generator, lib/synth) derives them. The generator and
// the corrected export both call these, so a corrected item's text is composed exactly as the
// writer composes it (the corrected export must never ship new evidence ids with the old text).
import type { EvidenceLevel } from "./model";
import { isoToMillis } from "./primitives";

interface WireRange {
  low?: number | null;
  high?: number | null;
}
interface WireMeasured {
  value?: unknown;
  unit?: string | null;
  ref_range?: WireRange | null;
  flag?: string | null;
}
/** The fields of a wire event (`eventToWire`, the generator's records) the text is made of. */
export interface EvidenceEvent extends WireMeasured {
  time: string;
  event_type: string;
  name: string;
  visit_id?: string | null;
  items?: readonly (WireMeasured & { name: string })[] | null;
  text?: string | null;
}

/** The generator caps each event's line at this many characters ("…" included). */
export const EVIDENCE_LINE_MAX = 240;

function range(r: WireRange | null | undefined): string {
  return r ? ` [${r.low ?? ""}-${r.high ?? ""}]` : "";
}

function measured(m: WireMeasured): string {
  return `${m.value ?? ""}${m.unit ? ` ${m.unit}` : ""}${range(m.ref_range)}${m.flag && m.flag !== "N" ? ` (${m.flag})` : ""}`;
}

/**
 * One event as a model reads it in a serialized record: time, type, name, value(s), text. Also
 * the generator's unit of token counting (lib/synth/tokens.ts). Null is read as absent.
 */
export function eventLine(e: EvidenceEvent): string {
  const parts = [`${e.time} [${e.event_type}] ${e.name}`];
  if (e.value != null) parts.push(measured(e));
  if (e.items) parts.push(e.items.map((i) => `${i.name} ${measured(i)}`).join("; "));
  if (e.text) parts.push(e.text);
  return parts.join(" | ");
}

/** evidence_text: one line per cited event, in the order given, each cut to EVIDENCE_LINE_MAX. */
export function composeEvidenceText(events: readonly EvidenceEvent[]): string {
  return events
    .map((e) => {
      const s = eventLine(e);
      return s.length > EVIDENCE_LINE_MAX ? `${s.slice(0, EVIDENCE_LINE_MAX - 3)}...` : s;
    })
    .join("\n");
}

/**
 * evidence_level from where the evidence sits: L1 one visit on one day, L2 within 7 days, L3
 * spread over more than 7 days (the benchmark's definition). Times are read by the one time rule
 * (`timeZone` for times without an offset); undefined when a time cannot be read.
 */
export function evidenceLevelOf(events: readonly Pick<EvidenceEvent, "time" | "visit_id">[], timeZone = "UTC"): EvidenceLevel | undefined {
  if (events.length === 0) return undefined;
  const visits = new Set(events.map((e) => e.visit_id));
  const days = new Set(events.map((e) => e.time.slice(0, 10)));
  if (visits.size <= 1 && days.size <= 1) return "L1";
  const ms = events.map((e) => isoToMillis(e.time, timeZone));
  if (ms.some((m) => m === null)) return undefined;
  const times = ms as number[];
  return Math.max(...times) - Math.min(...times) <= 7 * 24 * 3_600_000 ? "L2" : "L3";
}
