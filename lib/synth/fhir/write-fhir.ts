/**
 * The synthetic decision-point histories as FHIR R4 resources (`clinaudit generate --kind ehr
 * --format fhir`): one Patient, its visits as Encounters, the pregnancy as a Condition (SNOMED CT
 * 77386006, abated on the delivery day) with its dating as LOINC observations (8665-2 LMP,
 * 11778-8 EDD), and every event as the resource FHIR keeps it in. Read back by
 * lib/formats/fhir, the events equal the native import's (ids become references, times gain
 * the UTC offset FHIR requires): the round-trip test pins it.
 */
import { EXT, SYSTEM, systemUri, type Json } from "../../formats/fhir/resource";
import type { EhrEvent, EhrInstance, EhrPatient, EventItem } from "../ehr/types";

/** FHIR ids allow letters, digits, '-' and '.', up to 64. */
const fhirId = (s: string) => s.replace(/[^A-Za-z0-9.-]/g, "-").slice(0, 64);
const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });

/** A synthetic time (written without an offset, read in UTC) as a FHIR dateTime/instant. */
export const fhirTime = (t: string): string => (/(Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t.length === 16 ? `${t}:00` : t}Z`);

export const eventKey = (patientId: string, e: Pick<EhrEvent, "event_id" | "event_type">) =>
  `${resourceTypeOf(e.event_type)}/${fhirId(`${patientId}-${e.event_id}`)}`;
export const visitKey = (patientId: string, visit: string) => `Encounter/${fhirId(`${patientId}-${visit}`)}`;

function resourceTypeOf(type: EhrEvent["event_type"]): string {
  switch (type) {
    case "diagnosis":
      return "Condition";
    case "medication":
      return "MedicationRequest";
    case "procedure":
      return "Procedure";
    case "clinical_note":
      return "DocumentReference";
    default:
      return "Observation";
  }
}

const CATEGORY: Partial<Record<EhrEvent["event_type"], string>> = {
  vital_sign: "vital-signs",
  lab_test: "laboratory",
  screening: "laboratory",
  ultrasound: "imaging",
};

function concept(name: string, code?: EhrEvent["code"]): Json {
  return code ? { coding: [{ system: systemUri(code.system), code: code.value }], text: name } : { text: name };
}

/** value / unit / ref_range / flag as the elements of an Observation or a component. */
function measurement(m: Partial<Pick<EventItem, "value" | "unit" | "ref_range" | "flag">>): Json {
  const out: Json = {};
  if (typeof m.value === "number") out.valueQuantity = m.unit ? { value: m.value, unit: m.unit } : { value: m.value };
  else if (typeof m.value === "string") out.valueString = m.value;
  if (m.flag) out.interpretation = [{ coding: [{ system: SYSTEM.interpretation, code: m.flag }] }];
  if (m.ref_range && (m.ref_range.low !== undefined || m.ref_range.high !== undefined)) {
    const range: Json = {};
    if (m.ref_range.low !== undefined) range.low = { value: m.ref_range.low };
    if (m.ref_range.high !== undefined) range.high = { value: m.ref_range.high };
    out.referenceRange = [range];
  }
  return out;
}

function valueExtension(e: EhrEvent): Json[] {
  if (e.value === undefined) return [];
  const value =
    typeof e.value === "number"
      ? { valueQuantity: e.unit ? { value: e.value, unit: e.unit } : { value: e.value } }
      : { valueString: String(e.value) };
  return [{ url: EXT.eventValue, ...value }];
}

function eventResource(p: EhrPatient, e: EhrEvent): Json {
  const [resourceType, id] = eventKey(p.patient_id, e).split("/") as [string, string];
  const common: Json = { resourceType, id, ...(e.lang ? { language: e.lang } : {}) };
  const subject = ref("Patient", fhirId(p.patient_id));
  const encounter = e.visit_id ? { reference: visitKey(p.patient_id, e.visit_id) } : undefined;
  const time = fhirTime(e.time);
  const note = e.text !== undefined ? { note: [{ text: e.text }] } : {};
  switch (resourceType) {
    case "Condition":
      return {
        ...common,
        ...withExtensions(valueExtension(e)),
        code: concept(e.name, e.code),
        subject,
        ...(encounter ? { encounter } : {}),
        recordedDate: time,
        ...note,
      };
    case "MedicationRequest": {
      const dose =
        typeof e.value === "number"
          ? { doseAndRate: [{ doseQuantity: e.unit ? { value: e.value, unit: e.unit } : { value: e.value } }] }
          : {};
      const dosage =
        e.text !== undefined || typeof e.value === "number"
          ? { dosageInstruction: [{ ...(e.text !== undefined ? { text: e.text } : {}), ...dose }] }
          : {};
      const ext = typeof e.value === "number" ? [] : valueExtension(e);
      return {
        ...common,
        ...withExtensions(ext),
        status: "active",
        intent: "order",
        medicationCodeableConcept: concept(e.name, e.code),
        subject,
        ...(encounter ? { encounter } : {}),
        authoredOn: time,
        ...dosage,
      };
    }
    case "Procedure":
      return {
        ...common,
        ...withExtensions(valueExtension(e)),
        status: "completed",
        code: concept(e.name, e.code),
        subject,
        ...(encounter ? { encounter } : {}),
        performedDateTime: time,
        ...note,
      };
    case "DocumentReference":
      return {
        ...common,
        status: "current",
        type: concept(e.name, e.code),
        subject,
        date: time,
        content: [{ attachment: { contentType: "text/plain; charset=utf-8", data: Buffer.from(e.text ?? "", "utf8").toString("base64") } }],
        ...(encounter ? { context: { encounter: [encounter] } } : {}),
      };
    default: {
      const category = CATEGORY[e.event_type] as string;
      const own = e.event_type === "screening" ? [{ url: EXT.eventType, valueCode: "screening" }] : [];
      const obs: Json = {
        ...common,
        ...withExtensions(own),
        status: "final",
        category: [{ coding: [{ system: SYSTEM.obsCategory, code: category }] }],
        code: concept(e.name, e.code),
        subject,
        ...(encounter ? { encounter } : {}),
        effectiveDateTime: time,
      };
      if (e.items) obs.component = e.items.map((i) => ({ code: concept(i.name), ...measurement(i) }));
      else Object.assign(obs, measurement(e));
      return { ...obs, ...note };
    }
  }
}

const withExtensions = (ext: Json[]) => (ext.length > 0 ? { extension: ext } : {});

/** Every resource of one synthetic patient, the Patient first. */
export function patientResources(p: EhrPatient): Json[] {
  const pid = fhirId(p.patient_id);
  const subject = ref("Patient", pid);
  const out: Json[] = [{ resourceType: "Patient", id: pid, active: true, gender: "female" }];
  const visits = new Map<string, string>(); // visit id → first time
  for (const e of p.events) if (e.visit_id && !visits.has(e.visit_id)) visits.set(e.visit_id, e.time);
  for (const [visit, time] of visits)
    out.push({
      resourceType: "Encounter",
      id: visitKey(p.patient_id, visit).slice(10),
      status: "finished",
      class: { system: "http://terminology.hl7.org/CodeSystem/v3-ActCode", code: "AMB" },
      subject,
      period: { start: fhirTime(time) },
    });
  const first = p.events[0]?.time;
  // The pregnancy ends with the last event the record gives a gestational age (around delivery).
  const lastGa = [...p.events].reverse().find((e) => e.ga_days !== undefined);
  const ended = lastGa && p.events.some((e) => e.ga_days === undefined && e.time > lastGa.time);
  out.push({
    resourceType: "Condition",
    id: fhirId(p.pregnancy_id),
    code: { coding: [{ system: SYSTEM.snomed, code: "77386006", display: "Pregnancy" }], text: "Pregnancy" },
    subject,
    onsetDateTime: p.dating.lmp_date,
    ...(ended ? { abatementDateTime: fhirTime(lastGa.time) } : {}),
    ...(first ? { recordedDate: fhirTime(first) } : {}),
  });
  const dated = first ? { effectiveDateTime: fhirTime(first) } : {};
  out.push({
    resourceType: "Observation",
    id: fhirId(`${p.patient_id}-lmp`),
    status: "final",
    code: { coding: [{ system: SYSTEM.loinc, code: "8665-2", display: "Last menstrual period start date" }] },
    subject,
    ...dated,
    valueDateTime: p.dating.lmp_date,
  });
  out.push({
    resourceType: "Observation",
    id: fhirId(`${p.patient_id}-edd`),
    status: "final",
    code: { coding: [{ system: SYSTEM.loinc, code: "11778-8", display: "Delivery date Estimated" }] },
    subject,
    ...dated,
    method: { text: p.dating.method },
    valueDateTime: p.dating.edd,
  });
  for (const e of p.events) out.push(eventResource(p, e));
  return out;
}

/** An instance over the FHIR records: evidence as resource references, times with their offset. */
export function fhirInstance(i: EhrInstance, events: ReadonlyMap<string, EhrEvent>): EhrInstance {
  return {
    ...i,
    cutoff: { ...i.cutoff, time: fhirTime(i.cutoff.time), visit_id: visitKey(i.patient_id, i.cutoff.visit_id) },
    evidence_event_ids: i.evidence_event_ids.map((id) => {
      const e = events.get(id);
      return e ? eventKey(i.patient_id, e) : id;
    }),
  };
}
