// Small readers of FHIR R4 JSON shared by the mapping and the validation passes: references,
// codings, narrative text, base64 attachments, and the times that place a resource on the
// patient's timeline.

import type { DomainMessage } from "../../i18n/domain";
import { rtfToText } from "./rtf";

export type Json = Record<string, unknown>;

export const isJson = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isJson) : []);
export const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** Our own extensions (documented in README.md): what plain FHIR has no element for. */
export const EXT = {
  /** valueCode: the decision-point event type, where FHIR's categories cannot say it (e.g. screening). */
  eventType: "https://clinaudit.org/fhir/StructureDefinition/event-type",
  /** valueQuantity / valueString: a value on a resource that has no value element (a procedure's blood loss). */
  eventValue: "https://clinaudit.org/fhir/StructureDefinition/event-value",
} as const;

export const SYSTEM = {
  loinc: "http://loinc.org",
  snomed: "http://snomed.info/sct",
  obsCategory: "http://terminology.hl7.org/CodeSystem/observation-category",
  interpretation: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation",
} as const;

/** Code systems by URI ↔ the short names the decision-point format writes. */
const SHORT_NAMES: [string, string][] = [
  [SYSTEM.loinc, "LOINC"],
  [SYSTEM.snomed, "SNOMED CT"],
  ["http://hl7.org/fhir/sid/icd-10", "ICD-10"],
  ["http://hl7.org/fhir/sid/icd-10-cm", "ICD-10-CM"],
  ["http://www.nlm.nih.gov/research/umls/rxnorm", "RxNorm"],
];
export const systemName = (uri: string): string => SHORT_NAMES.find(([u]) => u === uri)?.[1] ?? uri;
export const systemUri = (name: string): string => SHORT_NAMES.find(([, n]) => n === name)?.[0] ?? name;

/** The resource's identity within an import: `Observation/abc`. */
export function resourceKey(resource: Json, fullUrl?: string): string | undefined {
  const type = str(resource.resourceType);
  if (!type) return undefined;
  const id = str(resource.id) ?? (fullUrl?.startsWith("urn:uuid:") ? fullUrl.slice(9) : undefined);
  return id ? `${type}/${id}` : undefined;
}

/**
 * A reference as the key of the resource it names, or the reference itself when it is not a
 * relative or absolute `Type/id` (a `urn:uuid:` of a transaction bundle, resolved by fullUrl).
 */
export function referenceKey(reference: string): string {
  if (reference.startsWith("urn:")) return reference;
  const m = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(reference);
  return m ? `${m[1]}/${m[2]}` : reference;
}

export function refOf(v: unknown): string | undefined {
  return isJson(v) ? str(v.reference) : undefined;
}

export interface Coding {
  system?: string;
  code?: string;
  display?: string;
}

export function codings(concept: unknown): Coding[] {
  return isJson(concept) ? list(concept.coding).map((c) => ({ system: str(c.system), code: str(c.code), display: str(c.display) })) : [];
}

export const hasCode = (concept: unknown, system: string, codes: readonly string[]): boolean =>
  codings(concept).some((c) => c.system === system && c.code !== undefined && codes.includes(c.code));

/** What a person calls a CodeableConcept: its text, else the first display, else the first code. */
export function conceptName(concept: unknown): string | undefined {
  if (!isJson(concept)) return undefined;
  const cs = codings(concept);
  return str(concept.text) ?? cs.find((c) => c.display)?.display ?? cs.find((c) => c.code)?.code;
}

export function extension(resource: Json, url: string): Json | undefined {
  return list(resource.extension).find((e) => e.url === url);
}

/** Annotation texts (`note[]`), one paragraph each. */
export function notes(v: unknown): string | undefined {
  const texts = list(v)
    .map((n) => str(n.text))
    .filter((t): t is string => !!t);
  return texts.length > 0 ? texts.join("\n\n") : undefined;
}

// `[…\s]*={0,2}\s*$` written so that trailing whitespace has one way to match (else quadratic in it).
const BASE64_RE = /^[A-Za-z0-9+/\s]*(?:==?\s*)?$/;
const CLOSE_RE = { script: /<\/script\s*>/gi, style: /<\/style\s*>/gi };
const openRe = (tags: readonly string[]) => new RegExp(`<(${tags.join("|")})\\b`, "gi");

/**
 * `html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")`, but each element's end is searched
 * for once, not again from every later `<script` (quadratic in a text of unclosed `<script`s).
 */
function dropScriptAndStyle(html: string): string {
  const close = { script: { at: -1, end: -1 }, style: { at: -1, end: -1 } };
  let tags = ["script", "style"] as const as readonly ("script" | "style")[];
  let open = openRe(tags);
  let out = "";
  let kept = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tag = (m[1] as string).toLowerCase() as "script" | "style";
    const from = m.index + m[0].length;
    if (close[tag].at < from) {
      CLOSE_RE[tag].lastIndex = from;
      const found = CLOSE_RE[tag].exec(html);
      if (!found) {
        // No end for this element, so none for any later one of its kind: look for the other kind only.
        tags = tags.filter((t) => t !== tag);
        if (tags.length === 0) break;
        open = openRe(tags);
        open.lastIndex = from;
        continue;
      }
      close[tag] = { at: found.index, end: found.index + found[0].length };
    }
    out += html.slice(kept, m.index);
    kept = close[tag].end;
    open.lastIndex = kept;
  }
  return out + html.slice(kept);
}

/** Tags removed. After the last ">" no "<" can end a tag: that tail is kept as is, not searched from each "<". */
function dropTags(text: string): string {
  const end = text.lastIndexOf(">") + 1;
  return text.slice(0, end).replace(/<[^>]*>/g, "") + text.slice(end);
}

// Spaces before a line break, tried at the start of a run of spaces only (not again from inside it).
const SPACE_BEFORE_BREAK_RE = /(?<![ \t])[ \t]+\n/g;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** XHTML narrative or an HTML attachment as plain text: block elements become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return dropTags(
    dropScriptAndStyle(html)
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|div|li|tr|h[1-6]|table|ul|ol)\s*>/gi, "\n"),
  )
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === "#") {
        const n = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(n) && n <= 0x10ffff ? String.fromCodePoint(n) : all;
      }
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .replace(SPACE_BEFORE_BREAK_RE, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export type AttachmentText = { ok: true; text: string } | { ok: false; said: DomainMessage } | undefined;

/** The content types whose text is read: plain, HTML (tags dropped) and RTF (rtf.ts). */
const TEXT_TYPES = new Set(["text/plain", "text/html", "text/rtf", "application/rtf"]);

const mimeOf = (contentType: string | undefined) => (contentType ?? "text/plain").toLowerCase().split(";")[0]!.trim();

/** Finds the Binary an attachment's `url` names in this import (a `Binary/id`, absolute or relative, or a urn:uuid). */
export type BinaryLookup = (url: string) => Json | undefined;

/**
 * The text of an Attachment: inline `data` (base64), or the data of the Binary its `url` names
 * in this import, decoded as UTF-8 for text/plain and text/html (→ text), as bytes for RTF (→
 * text). Undefined for other content types, and for a url that names nothing of the import.
 */
export function attachmentText(att: Json, binary?: BinaryLookup): AttachmentText {
  let data = str(att.data);
  let contentType = str(att.contentType);
  const url = str(att.url);
  if (data === undefined && url !== undefined) {
    const b = binary?.(url);
    data = b ? str(b.data) : undefined;
    contentType = (b && str(b.contentType)) ?? contentType;
  }
  const mime = mimeOf(contentType);
  if (!TEXT_TYPES.has(mime) || data === undefined) return undefined;
  if (!BASE64_RE.test(data)) return { ok: false, said: { code: "formats.fhirNotBase64" } };
  const bytes = Buffer.from(data, "base64");
  if (mime.endsWith("/rtf")) return rtfToText(bytes.toString("latin1"));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, said: { code: "formats.fhirNotUtf8", values: { mime } } };
  }
  return { ok: true, text: mime === "text/html" ? htmlToText(text) : text };
}

/** A note attachment given by `url` alone, whose text is elsewhere (a Binary of the import, or not). */
export function linkedAttachment(att: Json): { url: string; readable: boolean } | undefined {
  const url = str(att.url);
  if (url === undefined || str(att.data) !== undefined) return undefined;
  return { url, readable: att.contentType === undefined || TEXT_TYPES.has(mimeOf(str(att.contentType))) };
}

/** The note attachments of a resource, with their paths: DocumentReference content, DiagnosticReport presentedForm. */
export function noteAttachments(r: Json): { path: string; attachment: Json }[] {
  if (r.resourceType === "DocumentReference")
    return list(r.content).flatMap((c, k) =>
      isJson(c.attachment) ? [{ path: `content[${k}].attachment`, attachment: c.attachment }] : [],
    );
  if (r.resourceType === "DiagnosticReport") return list(r.presentedForm).map((a, k) => ({ path: `presentedForm[${k}]`, attachment: a }));
  return [];
}

/** The first of the named elements that holds a time (a dateTime/instant, or a Period's start). */
export function firstTime(resource: Json, elements: readonly string[]): { element: string; value: string } | undefined {
  for (const element of elements) {
    let v: unknown = resource;
    for (const part of element.split(".")) v = isJson(v) ? v[part] : undefined;
    if (typeof v === "string" && v !== "") return { element, value: v };
  }
  return undefined;
}

/**
 * Where each mapped type's time is, in order of preference. The time that counts against a
 * cutoff is when the information entered the record: `issued` (a result released) before the
 * clinically relevant time `effective`, `recordedDate` before a condition's onset.
 */
export const TIME_ELEMENTS: Record<string, readonly string[]> = {
  Observation: ["issued", "effectiveDateTime", "effectiveInstant", "effectivePeriod.start"],
  DiagnosticReport: ["issued", "effectiveDateTime", "effectivePeriod.start"],
  Condition: ["recordedDate", "onsetDateTime", "onsetPeriod.start"],
  MedicationRequest: ["authoredOn"],
  MedicationStatement: ["dateAsserted", "effectiveDateTime", "effectivePeriod.start"],
  Procedure: ["performedDateTime", "performedPeriod.start"],
  DocumentReference: ["date", "context.period.start"],
  Composition: ["date"],
  // recordedDate: when it entered the record (as for a Condition), before the onset it reports.
  AllergyIntolerance: ["recordedDate", "onsetDateTime", "onsetPeriod.start"],
  // recorded: when it was first captured, before when the vaccine was given.
  Immunization: ["recorded", "occurrenceDateTime"],
  MedicationAdministration: ["effectiveDateTime", "effectivePeriod.start"],
  ServiceRequest: ["authoredOn", "occurrenceDateTime", "occurrencePeriod.start"],
  CarePlan: ["created", "period.start"],
  QuestionnaireResponse: ["authored"],
};

/** Types mapped since issue #32 (map-more.ts). */
export const MORE_EVENT_RESOURCES = [
  "AllergyIntolerance",
  "Immunization",
  "MedicationAdministration",
  "ServiceRequest",
  "CarePlan",
  "QuestionnaireResponse",
] as const;

/** One of these without a time is reported skipped, not refused (README.md). */
export const SKIPPED_WITHOUT_TIME: ReadonlySet<string> = new Set(MORE_EVENT_RESOURCES);

/** A time that is only a year or a month: it cannot be placed before or after a cutoff. */
export const isPartialDate = (v: string): boolean => /^\d{4}(-\d{2})?$/.test(v);

/** Types whose month- or year-only time is kept (a history entry), placed at the start of that period, with a finding. */
export const PARTIAL_KEPT: ReadonlySet<string> = new Set(["Condition", "AllergyIntolerance"]);

/**
 * The time an event is placed at: the first of its type's time elements; for a kept partial
 * date (PARTIAL_KEPT), the first day of its month or year, with the precision it was written in.
 */
export function eventTime(r: Json): { element: string; value: string; written: string; precision?: "year" | "month" } | undefined {
  const t = firstTime(r, TIME_ELEMENTS[r.resourceType as string] ?? []);
  if (!t) return undefined;
  if (!isPartialDate(t.value) || !PARTIAL_KEPT.has(r.resourceType as string)) return { ...t, written: t.value };
  const month = t.value.length === 7;
  return { element: t.element, written: t.value, value: month ? `${t.value}-01` : `${t.value}-01-01`, precision: month ? "month" : "year" };
}
