// One patient's FHIR resources → the patient of the decision-point record: its events (ordered
// by instant), its pregnancy and dating, and each event's gestational age from that dating.
//
// Dating (LOINC, in this order): an estimated delivery date observation (11778-8, or 11779-6 /
// 11780-4, by LMP / by ovulation) → LMP = EDD − 280 days; else the LMP start date (8665-2);
// else the earliest gestational-age observation (49051-6 in weeks, 11884-4, 18185-9) → LMP =
// its date − GA; else the pregnancy Condition's onset, taken as the LMP (a lower bound of GA:
// README.md). The pregnancy Condition (SNOMED CT 77386006 / 72892002) gives the pregnancy id,
// and its abatement ends the pregnancy: events after it (after that day, for a date) have no
// gestational age.
import type { Dating, EhrEvent, Patient } from "../model";
import { compact, isIsoDate, isoToMillis } from "../primitives";
import { eventBody, resultItem } from "./map-event";
import { EDD_CODES, encounterOf, GA_CODES, LMP_CODES, roleOf } from "./roles";
import {
  codings,
  eventTime,
  firstTime,
  hasCode,
  isJson,
  list,
  referenceKey,
  refOf,
  resourceKey,
  str,
  SYSTEM,
  TIME_ELEMENTS,
  type Json,
} from "./resource";

const DAY = 86_400_000;
const PREGNANCY_DAYS = 280;

/** "2031-04-23T10:31:00+08:00" → days since 1970 of its calendar date as written (local to its offset). */
const dayOf = (time: string): number | undefined => {
  const d = time.slice(0, 10);
  return isIsoDate(d) ? Date.parse(`${d}T00:00:00Z`) / DAY : undefined;
};
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

export interface PatientResources {
  id: string;
  /** The key of the patient's pregnancy Condition, when she has several (the latest: index-records.ts). */
  pregnancy?: string;
  /** In input order, with the bundle entry's fullUrl where there was one. */
  resources: { resource: Json; fullUrl?: string }[];
}

function gaObservationLmp(r: Json): number | undefined {
  const q = r.valueQuantity;
  const t = firstTime(r, TIME_ELEMENTS.Observation ?? []);
  const day = t && dayOf(t.value);
  if (!isJson(q) || typeof q.value !== "number" || day === undefined) return undefined;
  const unit = (str(q.code) ?? str(q.unit) ?? "wk").toLowerCase();
  const days = unit.startsWith("d") ? q.value : q.value * 7;
  return day - Math.round(days);
}

/** The pregnancy Condition's onset (onsetDateTime, onsetPeriod.start) as a day, when it gives one. */
export function pregnancyOnset(pregnancy: Json | undefined): string | undefined {
  if (!pregnancy) return undefined;
  const t = firstTime(pregnancy, ["onsetDateTime", "onsetPeriod.start"]);
  return t && dayOf(t.value) !== undefined ? t.value : undefined;
}

/** dating.method when the pregnancy's onset dates it (README.md, "Gestational age"). */
export const ONSET_METHOD = "pregnancy Condition onset, taken as the LMP";

function datingOf(resources: Json[], pregnancy: Json | undefined): { dating?: Dating; lmp?: number } {
  let edd: number | undefined;
  let lmp: number | undefined;
  let method: string | undefined;
  let gaLmp: { at: number; lmp: number } | undefined;
  for (const r of resources) {
    if (r.resourceType !== "Observation") continue;
    const value = str(r.valueDateTime);
    const day = value ? dayOf(value) : undefined;
    if (hasCode(r.code, SYSTEM.loinc, EDD_CODES) && day !== undefined && edd === undefined) {
      edd = day;
      method = str(isJson(r.method) ? r.method.text : undefined) ?? codings(r.method).find((c) => c.display)?.display;
    } else if (hasCode(r.code, SYSTEM.loinc, LMP_CODES) && day !== undefined && lmp === undefined) lmp = day;
    else if (hasCode(r.code, SYSTEM.loinc, GA_CODES)) {
      const t = firstTime(r, TIME_ELEMENTS.Observation ?? []);
      const at = t ? isoToMillis(t.value) : null;
      const l = gaObservationLmp(r);
      if (at !== null && l !== undefined && (!gaLmp || at < gaLmp.at)) gaLmp = { at, lmp: l };
    }
  }
  const onset = pregnancyOnset(pregnancy);
  const onsetDay = onset === undefined ? undefined : dayOf(onset);
  const start = edd !== undefined ? edd - PREGNANCY_DAYS : (lmp ?? gaLmp?.lmp ?? onsetDay);
  if (start === undefined) return {};
  const dating: Dating = compact({
    lmpDate: isoDay(lmp ?? start),
    edd: isoDay(edd ?? start + PREGNANCY_DAYS),
    method: method ?? (edd === undefined && lmp === undefined ? (gaLmp ? "gestational age observation" : ONSET_METHOD) : undefined),
  });
  return { dating, lmp: start };
}

export function assemblePatient(input: PatientResources, aliases: ReadonlyMap<string, string>, timeZone: string): Patient {
  const resolve = (ref: string) => aliases.get(ref) ?? referenceKey(ref);
  const all = input.resources.map((x) => x.resource);
  const patient = all.find((r) => r.resourceType === "Patient");
  const pregnancy = input.pregnancy
    ? input.resources.find((x) => resourceKey(x.resource, x.fullUrl) === input.pregnancy)?.resource
    : all.find((r) => roleOf(r) === "pregnancy");
  const { dating, lmp } = datingOf(all, pregnancy);
  // The pregnancy's end: a date ends it after that day, a time after that instant.
  const endValue = pregnancy ? str(pregnancy.abatementDateTime) : undefined;
  const endDay = endValue && !endValue.includes("T") ? dayOf(endValue) : undefined;
  const endMs = endValue?.includes("T") ? isoToMillis(endValue, timeZone) : null;
  const observations = new Map<string, Json>();
  const binaries = new Map<string, Json>();
  for (const x of input.resources) {
    const type = x.resource.resourceType;
    const key = type === "Observation" || type === "Binary" ? resourceKey(x.resource, x.fullUrl) : undefined;
    if (key) (type === "Binary" ? binaries : observations).set(key, x.resource);
  }
  const binary = (url: string) => binaries.get(resolve(url));
  const events: { event: EhrEvent; ms: number; order: number }[] = [];
  input.resources.forEach(({ resource: r, fullUrl }, order) => {
    const role = roleOf(r);
    // An earlier pregnancy than the record's is a past pregnancy: a diagnosis event.
    if (role !== "event" && !(role === "pregnancy" && r !== pregnancy)) return;
    const t = eventTime(r);
    const key = resourceKey(r, fullUrl);
    if (!t || !key) return; // pass 1 refused such a record
    const day = dayOf(t.value);
    const ms = isoToMillis(t.value, timeZone) ?? 0;
    const pregnant = (endDay === undefined || (day !== undefined && day <= endDay)) && (endMs === null || ms <= endMs);
    const ga = lmp !== undefined && day !== undefined && day >= lmp && pregnant ? day - lmp : undefined;
    const encounter = encounterOf(r);
    const body = eventBody(r, binary);
    if (r.resourceType === "DiagnosticReport") {
      const items = list(r.result).flatMap((x) => {
        const o = observations.get(resolve(refOf(x) ?? ""));
        return o ? [resultItem(o)] : [];
      });
      if (items.length > 0) body.items = items;
    }
    const event = compact({
      eventId: key,
      time: t.value,
      gaDays: ga,
      visitId: encounter ? resolve(encounter) : undefined,
      ...body,
    }) as EhrEvent;
    events.push({ event, ms, order });
  });
  events.sort((a, b) => a.ms - b.ms || a.order - b.order);
  const demographics = patient ? compact({ gender: str(patient.gender), birth_date: str(patient.birthDate) }) : {};
  return compact({
    patientId: input.id,
    pregnancyId: pregnancy ? (str(pregnancy.id) ?? null) : undefined,
    demographics: Object.keys(demographics).length > 0 ? demographics : undefined,
    dating,
    events: events.map((e) => e.event),
  });
}
