// The resource types mapped for issue #32 (what a clinician reads in a FHIR export beyond
// observations, conditions and notes): allergies, immunizations, administered medications,
// orders, care plans and questionnaire answers. Each gives a name, a value where FHIR has one
// and a text that keeps what a clinician needs (criticality and reaction, route and rate, the
// answers); the event type comes from map-event.ts.
import type { EhrEvent } from "../model";
import { codeOf, joinTexts, measuredValue } from "./map-values";
import { conceptName, htmlToText, isJson, list, notes, str, type Json } from "./resource";

type Body = [name: string | undefined, rest: Partial<EhrEvent>];

const names = (v: unknown): string[] => list(v).flatMap((c) => conceptName(c) ?? []);
const phrase = (parts: (string | undefined | false)[]): string | undefined => {
  const kept = parts.filter((p): p is string => typeof p === "string" && p !== "");
  return kept.length > 0 ? kept.join(", ") : undefined;
};
const statusCode = (v: unknown): string | undefined => (isJson(v) ? conceptName(v) : str(v));
/** A status worth saying: anything but the ordinary one. */
const unusual = (status: unknown, ordinary: string[]): string | undefined => {
  const s = statusCode(status);
  return s && !ordinary.includes(s) ? s : undefined;
};

/** "Allergy: Penicillin" unless the name already says what it is. */
const prefixed = (prefix: string, name: string | undefined, says: RegExp): string | undefined =>
  name === undefined ? undefined : says.test(name) ? name : `${prefix}: ${name}`;

function allergy(r: Json): Body {
  const kind = str(r.type) === "intolerance" ? "Intolerance" : "Allergy";
  const head = phrase([
    `${kind}${categories(r.category)}`,
    str(r.criticality) && `criticality ${str(r.criticality)}`,
    unusual(r.clinicalStatus, ["active"]),
    unusual(r.verificationStatus, ["confirmed"]),
  ]);
  const reactions = list(r.reaction).map((x) =>
    phrase([names(x.manifestation).join(" / ") || undefined, str(x.severity), str(x.description), conceptName(x.substance)]),
  );
  const text = joinTexts([
    `${head}.`,
    ...reactions.map((x) => (x ? `Reaction: ${x}.` : undefined)),
    str(r.onsetString) && `Onset: ${str(r.onsetString)}.`,
    notes(r.note),
  ]);
  return [prefixed(kind, conceptName(r.code), /allerg|intoleran/i), { code: codeOf(r.code), text }];
}

function categories(v: unknown): string {
  const cs = Array.isArray(v) ? v.filter((c): c is string => typeof c === "string") : [];
  return cs.length > 0 ? ` (${cs.join(", ")})` : "";
}

function immunization(r: Json): Body {
  const dose = isJson(r.doseQuantity) ? measuredValue({ valueQuantity: r.doseQuantity }) : {};
  const text = joinTexts([
    phrase([
      unusual(r.status, ["completed"]),
      conceptName(r.statusReason),
      conceptName(r.route),
      conceptName(r.site),
      str(r.lotNumber) && `lot ${str(r.lotNumber)}`,
    ]),
    names(r.reasonCode).join("; ") || undefined,
    notes(r.note),
  ]);
  return [prefixed("Immunization", conceptName(r.vaccineCode), /vaccin|immuni/i), { code: codeOf(r.vaccineCode), ...dose, text }];
}

function medicationName(r: Json): string | undefined {
  return conceptName(r.medicationCodeableConcept) ?? (isJson(r.medicationReference) ? str(r.medicationReference.display) : undefined);
}

function administration(r: Json): Body {
  const dosage = isJson(r.dosage) ? r.dosage : {};
  const dose = isJson(dosage.dose) ? measuredValue({ valueQuantity: dosage.dose }) : {};
  const rate = isJson(dosage.rateQuantity) ? measuredValue({ valueQuantity: dosage.rateQuantity }) : undefined;
  const end = isJson(r.effectivePeriod) ? str(r.effectivePeriod.end) : undefined;
  const text = joinTexts([
    phrase([
      `Administered${unusual(r.status, ["completed"]) ? ` (${unusual(r.status, ["completed"])})` : ""}`,
      conceptName(dosage.route),
      conceptName(dosage.site),
      rate?.value !== undefined && `rate ${String(rate.value)}${rate.unit ? ` ${rate.unit}` : ""}`,
      end && `until ${end}`,
    ]),
    str(dosage.text),
    notes(r.note),
  ]);
  return [medicationName(r), { code: codeOf(r.medicationCodeableConcept), ...dose, text }];
}

function order(r: Json): Body {
  const text = joinTexts([
    phrase([`Ordered (${str(r.intent) ?? "order"}, ${str(r.status) ?? "status unknown"})`, str(r.priority)]),
    names(r.reasonCode).join("; ") || undefined,
    str(r.patientInstruction),
    notes(r.note),
  ]);
  return [prefixed("Order", conceptName(r.code), /^order/i), { code: codeOf(r.code), text }];
}

function carePlan(r: Json): Body {
  const cats = list(r.category).filter((c) => !list(c.coding).some((x) => x.code === "assess-plan"));
  const activities = list(r.activity).flatMap((a) => (isJson(a.detail) ? (conceptName(a.detail.code) ?? []) : []));
  const narrative = isJson(r.text) && typeof r.text.div === "string" ? htmlToText(r.text.div) : undefined;
  // Synthea's narrative already lists the activities (by the plan's own name): said once.
  const main = str(r.description) ?? narrative;
  const text = joinTexts([
    main,
    activities.length > 0 && main !== narrative ? `Activities: ${activities.join("; ")}` : undefined,
    notes(r.note),
  ]);
  return [prefixed("Care plan", str(r.title) ?? conceptName(cats[0]), /plan/i) ?? "Care plan", { code: codeOf(cats[0]), text }];
}

/** Items nest (groups of questions): depth and count are capped so a hostile file stays linear. */
const MAX_DEPTH = 8;
const MAX_ANSWERS = 500;

function answerText(a: Json): string | undefined {
  for (const [k, v] of Object.entries(a)) {
    if (!k.startsWith("value")) continue;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return String(v);
    if (isJson(v)) {
      if (k === "valueCoding") return str(v.display) ?? str(v.code);
      if (k === "valueQuantity") return `${String(v.value ?? "")}${str(v.unit) ? ` ${str(v.unit)}` : ""}`;
      if (k === "valueAttachment") return str(v.title) ?? "(attachment)";
      if (k === "valueReference") return str(v.display) ?? str(v.reference);
    }
  }
  return undefined;
}

function questionnaire(r: Json): Body {
  const lines: string[] = [];
  const walk = (items: Json[], depth: number) => {
    for (const item of items) {
      if (lines.length >= MAX_ANSWERS) return;
      const answers = list(item.answer);
      const said = answers.map(answerText).filter((t): t is string => t !== undefined);
      const q = str(item.text) ?? str(item.linkId) ?? "?";
      if (said.length > 0) lines.push(`${q}: ${said.join("; ")}`);
      else if (answers.length === 0 && list(item.item).length > 0) lines.push(q);
      if (depth < MAX_DEPTH) {
        walk(list(item.item), depth + 1);
        for (const a of answers) walk(list(a.item), depth + 1);
      }
    }
  };
  walk(list(r.item), 0);
  const title = str(r.questionnaire);
  const name = isJson(r._questionnaire) ? undefined : title?.slice(title.lastIndexOf("/") + 1).split("|")[0];
  return [
    name ? `Questionnaire: ${name}` : "Questionnaire response",
    { text: joinTexts([lines.join("\n") || undefined, unusual(r.status, ["completed"])]) },
  ];
}

export function mapMore(r: Json): Body {
  switch (r.resourceType) {
    case "AllergyIntolerance":
      return allergy(r);
    case "Immunization":
      return immunization(r);
    case "MedicationAdministration":
      return administration(r);
    case "ServiceRequest":
      return order(r);
    case "CarePlan":
      return carePlan(r);
    default:
      return questionnaire(r);
  }
}
