// An accepted evidence correction of a decision-point item, with everything that follows from
// the cited events re-derived: evidence_text (composed from the chosen events exactly as the
// benchmark's writer composes it, or the adjudicator's own text) and evidence_level (L1/L2/L3
// from where the evidence sits). Shipping new evidence ids with the old text would feed an
// evidence-only input scope the wrong evidence. Pure.
import type { EhrEvent, McqItem } from "../formats";
import { eventToWire } from "../formats/map-ehr";
import { composeEvidenceText, evidenceLevelOf } from "../formats/evidence-text";
import { isoToMillis } from "../formats/primitives";
import { domainMessage } from "../i18n/domain";
import { EvidenceError } from "./errors";

export interface EvidenceChange {
  evidenceEventIds: string[];
  /** The adjudicator's own evidence_text; absent or blank: composed from the chosen events. */
  evidenceText?: string;
}

/** What the evidence rules need to know of the item's patient. */
export interface EvidenceContext {
  /** The patient's record (all of it; only events at or before the cutoff may be cited). */
  events: readonly EhrEvent[];
  /** The dataset's zone for times without a UTC offset (lib/formats' one time rule). */
  timeZone?: string;
}

export interface EvidenceApplied {
  item: McqItem;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** What was re-derived and how, in words for the change log. */
  derived: string[];
}

/**
 * The item with its evidence replaced. The ids are checked as the importer checks them (events
 * of this patient, dated at or before the cutoff), de-duplicated and put in record-time order,
 * the order the writer lists evidence in; the text and level follow from them.
 */
export function applyEvidence(item: McqItem, change: EvidenceChange, context: EvidenceContext): EvidenceApplied {
  const where = item.instanceId;
  const zone = context.timeZone ?? "UTC";
  const byId = new Map(context.events.map((e) => [e.eventId, e]));
  const cutoff = isoToMillis(item.cutoff.time, zone);
  const ids = [...new Set(change.evidenceEventIds.map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) throw new EvidenceError(domainMessage("adjudication.evidenceEmpty"), where);
  const chosen = ids.map((id) => {
    const event = byId.get(id);
    if (!event)
      throw new EvidenceError(
        domainMessage("formats.evidenceNotOfPatient", { id: JSON.stringify(id), patient: JSON.stringify(item.patientId) }),
        where,
      );
    const at = isoToMillis(event.time, zone);
    if (at === null || cutoff === null || at > cutoff)
      throw new EvidenceError(
        domainMessage("formats.evidenceAfterCutoff", { id: JSON.stringify(id), time: event.time, cutoff: item.cutoff.time }),
        where,
      );
    return { event, at };
  });
  const ordered = chosen
    .map((c, k) => ({ ...c, k }))
    .sort((a, b) => a.at - b.at || a.k - b.k)
    .map((c) => c.event);
  const wire = (events: readonly EhrEvent[]) =>
    events.map((e) => eventToWire(e) as unknown as Parameters<typeof composeEvidenceText>[0][number]);

  const fixed: McqItem = structuredClone(item);
  fixed.evidenceEventIds = ordered.map((e) => e.eventId);
  const before: Record<string, unknown> = { evidence_event_ids: item.evidenceEventIds };
  const after: Record<string, unknown> = { evidence_event_ids: fixed.evidenceEventIds };
  const derived: string[] = [];

  const explicit = change.evidenceText?.trim() ? change.evidenceText : undefined;
  if (explicit !== undefined) {
    fixed.evidenceText = explicit;
    derived.push("evidence_text as written by the adjudicator");
  } else if (item.evidenceText != null) {
    fixed.evidenceText = composeEvidenceText(wire(ordered));
    derived.push("evidence_text composed from the chosen events, as the benchmark's writer composes it");
  }
  if (fixed.evidenceText !== item.evidenceText) {
    before.evidence_text = item.evidenceText ?? null;
    after.evidence_text = fixed.evidenceText;
  }

  // The level is re-derived only where the imported level follows the span rule for the imported
  // evidence: a benchmark that grades levels by other criteria keeps its own grading.
  const previous = item.evidenceEventIds.map((id) => byId.get(id)).filter((e): e is EhrEvent => e !== undefined);
  const ruled = previous.length === item.evidenceEventIds.length && evidenceLevelOf(wire(previous), zone) === item.evidenceLevel;
  const level = evidenceLevelOf(wire(ordered), zone);
  if (ruled && level && level !== item.evidenceLevel) {
    fixed.evidenceLevel = level;
    before.evidence_level = item.evidenceLevel;
    after.evidence_level = level;
    derived.push(`evidence_level recomputed from the chosen events (${item.evidenceLevel} → ${level})`);
  } else if (!ruled && level && level !== item.evidenceLevel) {
    derived.push(
      `evidence_level ${item.evidenceLevel} kept: the imported level does not follow the span rule for the imported evidence (the chosen events span ${level})`,
    );
  }
  return { item: fixed, before, after, derived };
}
