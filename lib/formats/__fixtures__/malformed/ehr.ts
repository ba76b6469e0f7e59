// ehr-decision-mcq: record-level mutations shared by the JSON bundle and the JSONL pair.
import fc from "fast-check";
import { EVENT_TYPES, EVIDENCE_LEVELS } from "../../model";
import type { EhrBase, Rec } from "./bases";
import { chance, indexed, pick, type Gen, type Target } from "./case";
import * as v from "./values";

const P = "patients";
const I = "instances";
const ev = (key: string) => v.each(["events"], key);

const FIELDS: v.FieldSpec[] = [
  { role: P, paths: v.at("patient_id"), bad: v.notNonEmptyString },
  { role: P, paths: v.at("pregnancy_id"), bad: v.notNullishString },
  { role: P, paths: v.at("demographics"), bad: fc.constantFrom<unknown>("x", 1, true) },
  { role: P, paths: v.at("dating"), bad: fc.constantFrom<unknown>("x", 1, []) },
  { role: P, paths: v.inside(["dating"], "lmp_date"), bad: v.badDate },
  { role: P, paths: v.inside(["dating"], "edd"), bad: v.badDate },
  { role: P, paths: v.at("events"), bad: v.notArray },
  { role: P, paths: v.each(["events"]), bad: v.notObject },
  { role: P, paths: ev("event_id"), bad: v.notNonEmptyString },
  { role: P, paths: ev("time"), bad: v.badDateTime },
  { role: P, paths: ev("ga_days"), bad: v.badGaDays },
  { role: P, paths: ev("visit_id"), bad: v.notNullishString },
  { role: P, paths: ev("event_type"), bad: fc.oneof(v.unknownWord(EVENT_TYPES), v.notString) },
  { role: P, paths: ev("name"), bad: v.notNonEmptyString },
  { role: P, paths: ev("value"), bad: fc.constantFrom<unknown>({}, [], [1]) },
  { role: P, paths: ev("unit"), bad: v.notNullishString },
  { role: P, paths: ev("text"), bad: v.notNullishString },
  { role: P, paths: ev("code"), bad: fc.constantFrom<unknown>("LOINC", 1, []) },
  { role: P, paths: ev("ref_range"), bad: fc.constantFrom<unknown>("10", 1, []) },
  { role: P, paths: ev("items"), bad: fc.constantFrom<unknown>("x", 1, {}) },
  { role: I, paths: v.at("instance_id"), bad: v.notNonEmptyString },
  { role: I, paths: v.at("patient_id"), bad: v.notNonEmptyString },
  { role: I, paths: v.at("pregnancy_id"), bad: v.notNullishString },
  { role: I, paths: v.at("cutoff"), bad: v.notObject },
  { role: I, paths: v.at("cutoff", "time"), bad: v.badDateTime },
  { role: I, paths: v.at("cutoff", "ga_days"), bad: v.badGaDays },
  { role: I, paths: v.at("decision_point_index"), bad: v.badPositiveInt },
  { role: I, paths: v.at("chapter"), bad: v.notNonEmptyString },
  { role: I, paths: v.at("rule_id"), bad: v.notNonEmptyString },
  { role: I, paths: v.at("rule_text"), bad: v.notNullishString },
  { role: I, paths: v.at("evidence_level"), bad: fc.oneof(v.unknownWord(EVIDENCE_LEVELS), v.notString) },
  { role: I, paths: v.at("question"), bad: v.notNonEmptyString },
  { role: I, paths: v.at("options"), bad: fc.constantFrom<unknown>([], [{ label: "A", text: "only one" }], "A", {}, null) },
  { role: I, paths: v.each(["options"], "label"), bad: v.notNonEmptyString },
  { role: I, paths: v.each(["options"], "text"), bad: v.notString },
  { role: I, paths: v.at("answer"), bad: v.notNonEmptyString },
  { role: I, paths: v.at("evidence_event_ids"), bad: v.notArray },
  { role: I, paths: v.each(["evidence_event_ids"]), bad: v.notNonEmptyString },
  { role: I, paths: v.at("evidence_text"), bad: v.notNullishString },
  { role: I, paths: v.at("scopes"), bad: fc.constantFrom<unknown>("x", 1, {}) },
  { role: I, paths: v.each(["scopes"]), bad: fc.constantFrom<unknown>(1, null, true, {}) },
];

const REQUIRED: Omit<v.FieldSpec, "bad">[] = [
  ...["patient_id", "events"].map((k) => ({ role: P, paths: v.at(k) })),
  ...["event_id", "time", "event_type", "name"].map((k) => ({ role: P, paths: ev(k) })),
  ...[
    "instance_id",
    "patient_id",
    "cutoff",
    "decision_point_index",
    "chapter",
    "rule_id",
    "evidence_level",
    "question",
    "options",
    "answer",
    "evidence_event_ids",
  ].map((k) => ({ role: I, paths: v.at(k) })),
  { role: I, paths: v.at("cutoff", "time") },
  { role: I, paths: v.each(["options"], "label") },
  { role: I, paths: v.each(["options"], "text") },
];

const ms = (t: string) => Date.parse(/Z|[+-]\d\d:?\d\d$/.test(t) ? t : `${t}Z`);
const naive = (millis: number) => new Date(millis).toISOString().slice(0, 19);
const patientOf = (b: Pick<EhrBase, "patients">, inst: Rec) => b.patients.find((p) => p.patient_id === inst.patient_id) as Rec;

/** Pairs of instances of one patient, the first earlier in the file. */
function samePatientPairs(b: Pick<EhrBase, "instances">) {
  const all = indexed(b.instances);
  return all.flatMap((a) => all.filter((c) => c.index > a.index && c.item.patient_id === a.item.patient_id).map((c) => [a, c] as const));
}

type Records = Pick<EhrBase, "patients" | "instances">;
type Mutation = (b: Records, g: Gen) => Target | undefined;

export const EHR_MUTATIONS: Record<string, Mutation> = {
  ...v.byField<Records>(FIELDS, REQUIRED),
  "duplicate patient": (b, g) => {
    b.patients.push(structuredClone(pick(g, b.patients)));
    return { role: P, index: b.patients.length - 1, path: ["patient_id"], message: /duplicate patient_id/ };
  },
  "duplicate event id": (b, g) => {
    const p = pick(g, b.patients);
    if (p.events.length < 2) return undefined;
    const k = g(fc.integer, { min: 1, max: p.events.length - 1 });
    p.events[k].event_id = p.events[g(fc.nat, { max: k - 1 })].event_id;
    return { role: P, index: b.patients.indexOf(p), path: ["events", k, "event_id"], message: /duplicate event_id/ };
  },
  "duplicate instance": (b, g) => {
    b.instances.push(structuredClone(pick(g, b.instances)));
    return { role: I, index: b.instances.length - 1, path: ["instance_id"], message: /duplicate instance_id/ };
  },
  "answer is not an option label": (b, g) => {
    const i = pick(g, indexed(b.instances));
    const labels = (i.item.options as Rec[]).map((o) => o.label);
    i.item.answer = g(() => v.unknownWord(labels));
    return { role: I, index: i.index, path: ["answer"], message: /is not an option label/ };
  },
  "duplicate option label": (b, g) => {
    const i = pick(g, indexed(b.instances));
    const k = g(fc.integer, { min: 1, max: i.item.options.length - 1 });
    i.item.options[k].label = i.item.options[g(fc.nat, { max: k - 1 })].label;
    return { role: I, index: i.index, path: ["options", k, "label"], message: /duplicate option label/ };
  },
  "cutoff moved before cited evidence": (b, g) => {
    const withEvidence = indexed(b.instances).filter((i) => i.item.evidence_event_ids.length > 0);
    if (withEvidence.length === 0) return undefined;
    const i = pick(g, withEvidence);
    const k = g(fc.nat, { max: i.item.evidence_event_ids.length - 1 });
    const cited = (patientOf(b, i.item).events as Rec[]).find((e) => e.event_id === i.item.evidence_event_ids[k]) as Rec;
    i.item.cutoff.time = naive(ms(cited.time) - g(fc.integer, { min: 1, max: 86_400 * 90 }) * 1000);
    return { role: I, index: i.index, path: ["evidence_event_ids", k], message: /dated after the cutoff/ };
  },
  "evidence event dated after the cutoff": (b, g) => {
    const i = pick(g, indexed(b.instances));
    const later = naive(ms(i.item.cutoff.time) + g(fc.integer, { min: 1, max: 86_400 * 300 }) * 1000);
    patientOf(b, i.item).events.push({
      event_id: "LATER-1",
      time: later,
      event_type: "clinical_note",
      name: "Later note",
      text: "after the cutoff",
    });
    i.item.evidence_event_ids.push("LATER-1");
    return {
      role: I,
      index: i.index,
      path: ["evidence_event_ids", i.item.evidence_event_ids.length - 1],
      message: /dated after the cutoff/,
    };
  },
  "evidence is not the patient's event": (b, g) => {
    const i = pick(g, indexed(b.instances));
    const other = b.patients
      .find((p) => p.patient_id !== i.item.patient_id)
      ?.events.find((e: Rec) => !patientOf(b, i.item).events.some((x: Rec) => x.event_id === e.event_id));
    i.item.evidence_event_ids.push(other && chance(g) ? other.event_id : "NO-SUCH-EVENT");
    return {
      role: I,
      index: i.index,
      path: ["evidence_event_ids", i.item.evidence_event_ids.length - 1],
      message: /is not an event of patient/,
    };
  },
  "unknown patient": (b, g) => {
    const i = pick(g, indexed(b.instances));
    i.item.patient_id = `NO-SUCH-${i.item.patient_id}`;
    return { role: I, index: i.index, path: ["patient_id"], message: /unknown patient/ };
  },
  "pregnancy id of another pregnancy": (b, g) => {
    const i = pick(g, indexed(b.instances));
    if (patientOf(b, i.item).pregnancy_id == null) return undefined;
    i.item.pregnancy_id = `${patientOf(b, i.item).pregnancy_id}-OTHER`;
    return { role: I, index: i.index, path: ["pregnancy_id"], message: /does not match/ };
  },
  "duplicate decision-point index": (b, g) => {
    const pairs = samePatientPairs(b);
    if (pairs.length === 0) return undefined;
    const [first, second] = pick(g, pairs);
    second.item.decision_point_index = first.item.decision_point_index;
    return { role: I, index: second.index, path: ["decision_point_index"], message: /duplicate decision_point_index/ };
  },
  "decision points out of cutoff order": (b, g) => {
    const pairs = samePatientPairs(b).filter(([a, c]) => ms(a.item.cutoff.time) !== ms(c.item.cutoff.time));
    if (pairs.length === 0) return undefined;
    const [a, c] = pick(g, pairs);
    [a.item.cutoff, c.item.cutoff] = [c.item.cutoff, a.item.cutoff];
    const higher = a.item.decision_point_index > c.item.decision_point_index ? a : c;
    return { role: I, index: higher.index, path: ["decision_point_index"], message: /indices must increase with cutoff time/ };
  },
};

/** Bundle-only: the top level (not `format`: without it the upload is not recognized at all). */
export const EHR_HEADER_FIELDS: v.FieldSpec[] = [
  { role: "", paths: v.at("format_version"), bad: fc.constantFrom<unknown>("2.0", "1.x", "v1", 1, null) },
  { role: "", paths: v.at("dataset"), bad: fc.constantFrom<unknown>("x", 1, null) },
  { role: "", paths: v.at("patients"), bad: fc.constantFrom<unknown>("x", 1, {}) },
  { role: "", paths: v.at("instances"), bad: fc.constantFrom<unknown>("x", 1, {}) },
];
