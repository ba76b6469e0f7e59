/**
 * Output shapes of the `ehr-decision-mcq` v1 format (snake_case, as on the wire). The event
 * types are the format's own list (lib/formats), so generator and importer cannot drift.
 */
import { EVENT_TYPES, type EventType } from "../../formats/model";

export { EVENT_TYPES, type EventType };

/** H/L numeric out of range, A abnormal qualitative result (e.g. GBS positive), N normal. */
export type Flag = "H" | "L" | "A" | "N";

export interface RefRange {
  low?: number;
  high?: number;
}

export interface Code {
  system: string;
  value: string;
}

export interface EventItem {
  name: string;
  value: number | string;
  unit?: string;
  ref_range?: RefRange;
  flag?: Flag;
}

export interface EhrEvent {
  event_id: string;
  time: string;
  ga_days?: number;
  visit_id?: string;
  event_type: EventType;
  name: string;
  code?: Code;
  value?: number | string;
  unit?: string;
  ref_range?: RefRange;
  flag?: Flag;
  items?: EventItem[];
  text?: string;
  lang?: string;
}

export interface EhrPatient {
  patient_id: string;
  pregnancy_id: string;
  demographics: Record<string, number | string>;
  dating: { lmp_date: string; edd: string; method: string };
  events: EhrEvent[];
}

export const CHAPTERS = [
  "Prenatal Care",
  "Prenatal Screening",
  "GBS Screening",
  "ICP",
  "Hypertensive Disorders",
  "Multiple Pregnancy",
  "GDM",
  "Anemia",
] as const;
export type Chapter = (typeof CHAPTERS)[number];

export type EvidenceLevel = "L1" | "L2" | "L3";

export interface EhrOption {
  label: string;
  text: string;
}

export interface EhrInstance {
  instance_id: string;
  patient_id: string;
  pregnancy_id: string;
  cutoff: { time: string; ga_days: number; visit_id: string };
  decision_point_index: number;
  chapter: Chapter;
  rule_id: string;
  rule_text: string;
  evidence_level: EvidenceLevel;
  question: string;
  options: EhrOption[];
  answer: string;
  evidence_event_ids: string[];
  evidence_text: string;
  scopes: string[];
}

export interface EhrBundle {
  format: "ehr-decision-mcq";
  format_version: "1.0";
  dataset: { name: string; language: string; synthetic: true };
  patients: EhrPatient[];
  instances: EhrInstance[];
}

export const FLAW_KINDS = ["wrong_gold", "ambiguous_stem", "missing_evidence", "wrong_evidence"] as const;
export type FlawKind = (typeof FLAW_KINDS)[number];

/** Kept OUT of the benchmark file: it is the answer key for testing an audit. */
export interface FlawRecord {
  instance_id: string;
  flaw: FlawKind;
  detail: string;
}
