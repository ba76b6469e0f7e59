// One FHIR R4 event resource → the body of one event of the decision-point (EHR) record: its
// type, name, values and text (which resources are events, and whose: roles.ts).
//
// Event ids are resource references (`Observation/abc`), so an item's evidence cites the
// resource the way FHIR does. Visits are Encounters: an event's `visitId` is its encounter's
// reference. Gestational age is not read here: it needs the pregnancy's dating, which the
// patient's other resources give (assemble.ts).
import type { DomainMessage } from "../../i18n/domain";
import type { EhrEvent, EventItem, EventType, Measurement } from "../model";
import { mapMore } from "./map-more";
import { codeOf, joinTexts, measuredValue } from "./map-values";
import { compact } from "../primitives";
import {
  attachmentText,
  type BinaryLookup,
  codings,
  conceptName,
  EXT,
  extension,
  hasCode,
  htmlToText,
  isJson,
  list,
  notes,
  noteAttachments,
  str,
  SYSTEM,
  type Json,
} from "./resource";

/** SNOMED CT 108252007 |Laboratory procedure|: a ServiceRequest category (US Core) for a lab order. */
const LAB_ORDER_CODES = ["108252007"] as const;

/**
 * LOINC document types a DiagnosticReport may be categorised by (US Core DiagnosticReport for
 * report and note exchange; Synthea writes 34117-2 + 51847-2): H&P, evaluation and plan,
 * progress, discharge summary, consult, procedure, emergency department, referral, nurse,
 * summary, generic, operative and episode notes.
 */
const NOTE_CODES: ReadonlySet<string> = new Set([
  "34117-2",
  "51847-2",
  "11506-3",
  "18842-5",
  "11488-4",
  "28570-0",
  "34111-5",
  "57133-1",
  "34746-8",
  "68608-9",
  "34109-9",
  "11504-8",
  "34133-9",
]);

const CATEGORY_TYPES: Record<string, EventType> = {
  "vital-signs": "vital_sign",
  laboratory: "lab_test",
  imaging: "ultrasound",
  procedure: "procedure",
  exam: "vital_sign",
  survey: "screening",
  // DiagnosticReport (v2-0074 diagnostic service sections)
  LAB: "lab_test",
  RAD: "ultrasound",
  US: "ultrasound",
};

function eventTypeOf(r: Json): EventType {
  const own = str(extension(r, EXT.eventType)?.valueCode);
  if (own) return own as EventType; // checked against EVENT_TYPES by the reader
  switch (r.resourceType) {
    case "Condition":
      return "diagnosis";
    case "AllergyIntolerance":
      return "diagnosis";
    case "MedicationRequest":
    case "MedicationStatement":
    case "MedicationAdministration":
    case "Immunization":
      return "medication";
    case "Procedure":
      return "procedure";
    case "ServiceRequest":
      return hasCode(list(r.category)[0], SYSTEM.snomed, LAB_ORDER_CODES) ? "lab_test" : "procedure";
    case "QuestionnaireResponse":
      return "screening";
    case "DocumentReference":
    case "Composition":
    case "CarePlan":
      return "clinical_note";
    default: {
      const cs = list(r.category).flatMap((cat) => codings(cat));
      // A report whose category is a note (Synthea: 34117-2 History and physical note) is a note, not a lab result.
      if (r.resourceType === "DiagnosticReport" && cs.some((c) => c.system === SYSTEM.loinc && c.code && NOTE_CODES.has(c.code)))
        return "clinical_note";
      for (const c of cs) {
        const t = c.code && CATEGORY_TYPES[c.code];
        if (t) return t;
      }
      // A report of text alone (presentedForm, no results) under a category we do not know is a note.
      if (r.resourceType === "DiagnosticReport" && list(r.result).length === 0 && list(r.presentedForm).length > 0) return "clinical_note";
      return "lab_test";
    }
  }
}

/** value, unit, ref_range (first referenceRange) and flag (first interpretation) of an Observation or component. */
function measurementOf(holder: Json): Measurement {
  const range = list(holder.referenceRange)[0];
  const low = range && isJson(range.low) && typeof range.low.value === "number" ? range.low.value : undefined;
  const high = range && isJson(range.high) && typeof range.high.value === "number" ? range.high.value : undefined;
  const interpretation = list(holder.interpretation)[0];
  const flag = interpretation && (codings(interpretation).find((c) => c.code)?.code ?? str(interpretation.text));
  return compact({
    code: codeOf(holder.code),
    ...measuredValue(holder),
    refRange: low !== undefined || high !== undefined ? compact({ low, high }) : undefined,
    flag,
  });
}

/** Ranges that have no number to store as refRange (text only, "Negative"), or more than the first (by age, …). */
function rangeTexts(holder: Json): string[] {
  return list(holder.referenceRange).flatMap((range, k) => {
    const numeric = isJson(range.low) || isJson(range.high);
    if (k === 0 && numeric && !str(range.text)) return [];
    const bound = (q: unknown) =>
      isJson(q) && typeof q.value === "number" ? `${q.value}${str(q.unit) ? ` ${str(q.unit)}` : ""}` : undefined;
    const span = numeric ? [bound(range.low) ?? "", bound(range.high) ?? ""].join("–") : undefined;
    const applies = [...list(range.appliesTo).map(conceptName), conceptName(range.type)].filter(Boolean).join(", ");
    const said = [str(range.text) ?? span, applies && `(${applies})`].filter(Boolean).join(" ");
    return said ? [`Reference range: ${said}.`] : [];
  });
}

/**
 * What a value's element cannot carry, as text: why there is no value (dataAbsentReason: "No
 * result: sample haemolysed."), the reference ranges refRange does not hold, and interpretations
 * after the first (the first is the flag).
 */
export function valueNotes(holder: Json): string | undefined {
  const absent = isJson(holder.dataAbsentReason) ? conceptName(holder.dataAbsentReason) : undefined;
  const more = list(holder.interpretation)
    .slice(1)
    .flatMap((i) => conceptName(i) ?? []);
  const lines = [
    absent && `No result: ${absent}.`,
    ...rangeTexts(holder),
    more.length > 0 ? `Also interpreted: ${more.join(", ")}.` : undefined,
  ].filter((t): t is string => !!t);
  return lines.length > 0 ? lines.join("\n") : undefined;
}

function itemOf(holder: Json): EventItem {
  return compact({
    name: conceptName(holder.code) ?? "(unnamed)",
    ...measurementOf(holder),
    text: joinTexts([valueNotes(holder), notes(holder.note)]),
  });
}

/** The event-value extension (a value on a resource type without a value element). */
function extensionValue(r: Json): Pick<Measurement, "value" | "unit"> {
  const ext = extension(r, EXT.eventValue);
  return ext ? measuredValue(ext) : {};
}

/** Names, values and text of an event resource (time, visit and GA are set by the caller). */
export function eventBody(r: Json, binary?: BinaryLookup): Omit<EhrEvent, "eventId" | "time"> {
  const type = eventTypeOf(r);
  const lang = str(r.language);
  const base = (name: string | undefined, rest: Partial<EhrEvent>) =>
    compact({ type, name: name ?? `(${String(r.resourceType)})`, ...rest, lang }) as Omit<EhrEvent, "eventId" | "time">;
  switch (r.resourceType) {
    case "Observation": {
      const components = list(r.component);
      const m = measurementOf(r);
      const text = joinTexts([valueNotes(r), notes(r.note)]);
      if (components.length > 0) return base(conceptName(r.code), { code: m.code, items: components.map(itemOf), text });
      return base(conceptName(r.code), { ...m, text });
    }
    case "Condition":
      return base(conceptName(r.code), { code: codeOf(r.code), ...extensionValue(r), text: notes(r.note) });
    case "MedicationRequest":
    case "MedicationStatement": {
      const dosage = list(r.resourceType === "MedicationRequest" ? r.dosageInstruction : r.dosage);
      const dose = list(dosage[0]?.doseAndRate)[0]?.doseQuantity;
      const doseValue = isJson(dose) ? measuredValue({ valueQuantity: dose }) : extensionValue(r);
      const name =
        conceptName(r.medicationCodeableConcept) ?? (isJson(r.medicationReference) ? str(r.medicationReference.display) : undefined);
      return base(name, {
        code: codeOf(r.medicationCodeableConcept),
        ...doseValue,
        text: notes(r.note) ?? joinTexts(dosage.map((d) => str(d.text))),
      });
    }
    case "Procedure":
      return base(conceptName(r.code), {
        code: codeOf(r.code),
        ...extensionValue(r),
        text: joinTexts([notes(r.note), conceptName(r.outcome)]),
      });
    case "DiagnosticReport":
      return base(conceptName(r.code), {
        code: codeOf(r.code),
        text: joinTexts([str(r.conclusion), ...list(r.presentedForm).map((a) => textOf(attachmentText(a, binary)))]),
      });
    case "DocumentReference": {
      const name = conceptName(r.type) ?? str(r.description);
      const texts = list(r.content).map((c) => (isJson(c.attachment) ? textOf(attachmentText(c.attachment, binary)) : undefined));
      return base(name, { code: codeOf(r.type), text: joinTexts(texts) });
    }
    case "Composition": {
      const sections = list(r.section).map((s) =>
        joinTexts([str(s.title), isJson(s.text) && typeof s.text.div === "string" ? htmlToText(s.text.div) : undefined]),
      );
      return base(str(r.title) ?? conceptName(r.type), { code: codeOf(r.type), text: joinTexts(sections) });
    }
    case "AllergyIntolerance":
    case "Immunization":
    case "MedicationAdministration":
    case "ServiceRequest":
    case "CarePlan":
    case "QuestionnaireResponse":
      return base(...mapMore(r));
    default:
      return base(undefined, {});
  }
}

const textOf = (t: ReturnType<typeof attachmentText>) => (t?.ok ? t.text : undefined);

/** A DiagnosticReport's result Observation as an item of the report's event. */
export function resultItem(observation: Json): EventItem {
  return itemOf(observation);
}

/** Attachments whose inline data cannot be read as the text they claim to be (reported by the reader). */
export function badAttachments(r: Json): { path: string; said: DomainMessage }[] {
  const atts = r.resourceType === "Binary" ? [{ path: "", attachment: r }] : noteAttachments(r);
  return atts.flatMap(({ path, attachment }) => {
    const t = str(attachment.data) === undefined ? undefined : attachmentText(attachment);
    return t && !t.ok ? [{ path: path ? `${path}.data` : "data", said: t.said }] : [];
  });
}
