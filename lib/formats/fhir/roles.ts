// What a FHIR R4 resource is to the decision-point (EHR) record: an event, or the part of the
// patient it describes (the Patient itself, a visit, the pregnancy and its dating), and whose
// it is (its subject, the encounter it was recorded in). Read by pass 1 (index-records.ts) to
// index resources and by pass 2 (assemble.ts) to build them; the events' content is map-event.ts.
import { hasCode, isJson, list, MORE_EVENT_RESOURCES, refOf, str, SYSTEM, type Json } from "./resource";

/** Resource types that become events of the record. */
export const EVENT_RESOURCES = [
  "Observation",
  "Condition",
  "MedicationRequest",
  "MedicationStatement",
  "Procedure",
  "DiagnosticReport",
  "DocumentReference",
  "Composition",
  ...MORE_EVENT_RESOURCES,
] as const;

/**
 * SNOMED CT 77386006 |Pregnancy| and 72892002 |Normal pregnancy| (Synthea's pregnancy module
 * writes the latter): the Condition that is the pregnancy itself.
 */
export const PREGNANCY_CODES = ["77386006", "72892002"] as const;
/** LOINC: estimated delivery date (11778-8 and its by-LMP / by-ovulation variants), LMP start date. */
export const EDD_CODES = ["11778-8", "11779-6", "11780-4"] as const;
export const LMP_CODES = ["8665-2"] as const;
/** LOINC gestational age observations: 49051-6 (in weeks), 11884-4 (estimated), 18185-9. */
export const GA_CODES = ["49051-6", "11884-4", "18185-9"] as const;

export type ResourceRole = "patient" | "encounter" | "pregnancy" | "dating" | "event" | "other";

export function roleOf(r: Json): ResourceRole {
  switch (r.resourceType) {
    case "Patient":
      return "patient";
    case "Encounter":
      return "encounter";
    case "Condition":
      return hasCode(r.code, SYSTEM.snomed, PREGNANCY_CODES) ? "pregnancy" : "event";
    case "Observation":
      return hasCode(r.code, SYSTEM.loinc, [...EDD_CODES, ...LMP_CODES]) ? "dating" : "event";
    default:
      return (EVENT_RESOURCES as readonly unknown[]).includes(r.resourceType) ? "event" : "other";
  }
}

/** The patient a resource belongs to (its `subject`, or `patient` for the types that say so). */
export const subjectOf = (r: Json): string | undefined => refOf(r.subject) ?? refOf(r.patient);

/** The encounter a resource was recorded in. */
export function encounterOf(r: Json): string | undefined {
  if (r.resourceType === "MedicationStatement" || r.resourceType === "MedicationAdministration") return refOf(r.context);
  if (r.resourceType === "DocumentReference")
    return isJson(r.context)
      ? list(r.context.encounter)
          .map((e) => str(e.reference))
          .find(Boolean)
      : undefined;
  return refOf(r.encounter);
}
