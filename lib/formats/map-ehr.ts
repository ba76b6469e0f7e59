// Wire (snake_case JSON) ⇄ normalized model for `ehr-decision-mcq`. Both
// directions live together so a field added on one side is obviously missing
// on the other. toWire emits keys in the order of the published example and
// appends unknown keys, so a re-exported bundle diffs cleanly.
import type { Code, Cutoff, Dating, EhrEvent, EventItem, McqItem, Patient, RefRange } from "./model";
import { compact, pickExtra } from "./primitives";
import {
  codeSchema,
  cutoffSchema,
  datingSchema,
  ehrPatientSchema,
  eventItemSchema,
  eventSchema,
  instanceSchema,
  mcqOptionSchema,
  refRangeSchema,
  type RawEhrPatient,
  type RawEvent,
  type RawEventItem,
  type RawInstance,
} from "./schema-ehr";

type Wire = Record<string, unknown>;
const keys = (s: { shape: object }) => Object.keys(s.shape);
const K = {
  code: keys(codeSchema),
  ref: keys(refRangeSchema),
  item: keys(eventItemSchema),
  event: keys(eventSchema),
  dating: keys(datingSchema),
  patient: keys(ehrPatientSchema),
  cutoff: keys(cutoffSchema),
  option: keys(mcqOptionSchema),
  instance: keys(instanceSchema),
};

const withExtra = (wire: Wire, extra: Wire | undefined): Wire => (extra ? { ...wire, ...extra } : wire);

function codeFrom(c: { system: string; value: string } | null | undefined): Code | null | undefined {
  return c == null ? c : compact({ system: c.system, value: c.value, extra: pickExtra(c, K.code) });
}
function refFrom(r: { low?: number | null; high?: number | null } | null | undefined): RefRange | null | undefined {
  return r == null ? r : compact({ low: r.low, high: r.high, extra: pickExtra(r, K.ref) });
}
const codeTo = (c: Code | null | undefined) => (c == null ? c : withExtra({ system: c.system, value: c.value }, c.extra));
const refTo = (r: RefRange | null | undefined) => (r == null ? r : withExtra(compact({ low: r.low, high: r.high }), r.extra));

function itemFrom(raw: RawEventItem): EventItem {
  return compact({
    name: raw.name,
    code: codeFrom(raw.code),
    value: raw.value,
    unit: raw.unit,
    refRange: refFrom(raw.ref_range),
    flag: raw.flag,
    text: raw.text,
    extra: pickExtra(raw, K.item),
  });
}
function itemTo(i: EventItem): Wire {
  const w = compact({
    name: i.name,
    code: codeTo(i.code),
    value: i.value,
    unit: i.unit,
    ref_range: refTo(i.refRange),
    flag: i.flag,
    text: i.text,
  });
  return withExtra(w, i.extra);
}

export function eventFromWire(raw: RawEvent): EhrEvent {
  return compact({
    eventId: raw.event_id,
    time: raw.time,
    gaDays: raw.ga_days,
    visitId: raw.visit_id,
    type: raw.event_type,
    name: raw.name,
    code: codeFrom(raw.code),
    value: raw.value,
    unit: raw.unit,
    refRange: refFrom(raw.ref_range),
    flag: raw.flag,
    items: raw.items?.map(itemFrom),
    text: raw.text,
    lang: raw.lang,
    extra: pickExtra(raw, K.event),
  });
}
export function eventToWire(e: EhrEvent): Wire {
  const w = compact({
    event_id: e.eventId,
    time: e.time,
    ga_days: e.gaDays,
    visit_id: e.visitId,
    event_type: e.type,
    name: e.name,
    code: codeTo(e.code),
    value: e.value,
    unit: e.unit,
    ref_range: refTo(e.refRange),
    flag: e.flag,
    items: e.items?.map(itemTo),
    text: e.text,
    lang: e.lang,
  });
  return withExtra(w, e.extra);
}

function datingFrom(d: RawEhrPatient["dating"]): Dating | null | undefined {
  return d == null ? d : compact({ lmpDate: d.lmp_date, edd: d.edd, method: d.method, extra: pickExtra(d, K.dating) });
}
function datingTo(d: Dating | null | undefined): Wire | null | undefined {
  return d == null ? d : withExtra(compact({ lmp_date: d.lmpDate, edd: d.edd, method: d.method }), d.extra);
}

export function ehrPatientFromWire(raw: RawEhrPatient): Patient {
  return compact({
    patientId: raw.patient_id,
    pregnancyId: raw.pregnancy_id,
    demographics: raw.demographics,
    dating: datingFrom(raw.dating),
    events: raw.events.map(eventFromWire),
    extra: pickExtra(raw, K.patient),
  });
}
export function ehrPatientToWire(p: Patient): Wire {
  const w = compact({
    patient_id: p.patientId,
    pregnancy_id: p.pregnancyId,
    demographics: p.demographics,
    dating: datingTo(p.dating),
    events: (p.events ?? []).map(eventToWire),
  });
  return withExtra(w, p.extra);
}

export function instanceFromWire(raw: RawInstance): McqItem {
  const cutoff: Cutoff = compact({
    time: raw.cutoff.time,
    gaDays: raw.cutoff.ga_days,
    visitId: raw.cutoff.visit_id,
    extra: pickExtra(raw.cutoff, K.cutoff),
  });
  return compact({
    kind: "mcq" as const,
    instanceId: raw.instance_id,
    patientId: raw.patient_id,
    pregnancyId: raw.pregnancy_id,
    cutoff,
    decisionPointIndex: raw.decision_point_index,
    chapter: raw.chapter,
    ruleId: raw.rule_id,
    ruleText: raw.rule_text,
    evidenceLevel: raw.evidence_level,
    question: raw.question,
    options: raw.options.map((o) => compact({ label: o.label, text: o.text, extra: pickExtra(o, K.option) })),
    answer: raw.answer,
    evidenceEventIds: raw.evidence_event_ids,
    evidenceText: raw.evidence_text,
    scopes: raw.scopes,
    extra: pickExtra(raw, K.instance),
  });
}
export function instanceToWire(i: McqItem): Wire {
  const c = i.cutoff;
  const w = compact({
    instance_id: i.instanceId,
    patient_id: i.patientId,
    pregnancy_id: i.pregnancyId,
    cutoff: withExtra(compact({ time: c.time, ga_days: c.gaDays, visit_id: c.visitId }), c.extra),
    decision_point_index: i.decisionPointIndex,
    chapter: i.chapter,
    rule_id: i.ruleId,
    rule_text: i.ruleText,
    evidence_level: i.evidenceLevel,
    question: i.question,
    options: i.options.map((o) => withExtra({ label: o.label, text: o.text }, o.extra)),
    answer: i.answer,
    evidence_event_ids: i.evidenceEventIds,
    evidence_text: i.evidenceText,
    scopes: i.scopes,
  });
  return withExtra(w, i.extra);
}
