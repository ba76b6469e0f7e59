// The FHIR value readers every resource mapper uses (map-event.ts, map-more.ts): a value with
// its unit, a code, texts joined. Apart from the mappers so that they form no import cycle.
import type { EhrEvent, Measurement } from "../model";
import { compact } from "../primitives";
import { codings, conceptName, isJson, type Json, str, systemName } from "./resource";

/** A Quantity / string / boolean / integer / CodeableConcept value as value + unit. */
export function measuredValue(holder: Json): Pick<Measurement, "value" | "unit"> {
  const q = holder.valueQuantity;
  if (isJson(q)) {
    // "<0.01" is not 0.01: a comparator (<, <=, >=, >, ad) stays with the number, as the value shown.
    const comparator = str(q.comparator);
    const n = typeof q.value === "number" ? q.value : undefined;
    const value = comparator && n !== undefined ? `${comparator === "ad" ? "ad " : comparator}${n}` : n;
    return compact({ value, unit: str(q.unit) ?? str(q.code) });
  }
  if (typeof holder.valueString === "string") return { value: holder.valueString };
  if (typeof holder.valueBoolean === "boolean") return { value: holder.valueBoolean };
  if (typeof holder.valueInteger === "number") return { value: holder.valueInteger };
  if (holder.valueCodeableConcept !== undefined) return compact({ value: conceptName(holder.valueCodeableConcept) });
  if (typeof holder.valueDateTime === "string") return { value: holder.valueDateTime };
  return {};
}

export function codeOf(concept: unknown): EhrEvent["code"] {
  const c = codings(concept).find((x) => x.system && x.code);
  return c ? { system: systemName(c.system as string), value: c.code as string } : undefined;
}

export const joinTexts = (texts: (string | undefined)[]): string | undefined => {
  const kept = texts.filter((t): t is string => t !== undefined && t !== "");
  return kept.length > 0 ? kept.join("\n\n") : undefined;
};
