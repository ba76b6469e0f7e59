// zod schemas for `ehr-decision-mcq` v1 (wire names, snake_case). Objects are
// loose: unknown keys are kept (as `extra`) rather than rejected, because the
// release is young and dropping a field silently would break exact re-export.
import { z } from "zod";
import { EVENT_TYPES, EVIDENCE_LEVELS } from "./model";
import { zodSays } from "./issues";
import { isoDate, isoDateTime, nonEmpty } from "./primitives";

export const codeSchema = z.looseObject({ system: z.string(), value: z.string() });
export const refRangeSchema = z.looseObject({ low: z.number().nullish(), high: z.number().nullish() });

const measurementShape = {
  code: codeSchema.nullish(),
  value: z
    .union([z.number(), z.string(), z.boolean()], {
      error: (iss) => zodSays("formats.expectedScalar", { got: JSON.stringify(iss.input) }),
    })
    .nullish(),
  unit: z.string().nullish(),
  ref_range: refRangeSchema.nullish(),
  flag: z.string().nullish(),
};

export const eventItemSchema = z.looseObject({
  name: nonEmpty,
  ...measurementShape,
  text: z.string().nullish(),
});

export const eventSchema = z
  .looseObject({
    event_id: nonEmpty,
    time: isoDateTime,
    ga_days: z.int().min(0).max(400).nullish(),
    visit_id: z.string().nullish(),
    event_type: z.enum(EVENT_TYPES),
    name: nonEmpty,
    ...measurementShape,
    items: z.array(eventItemSchema).optional(),
    text: z.string().nullish(),
    lang: z.string().nullish(),
  })
  .superRefine((e, ctx) => {
    // A panel's values live in its items; a top-level value too would be ambiguous.
    if (e.items !== undefined && e.value != null)
      ctx.addIssue({ code: "custom", path: ["items"], message: zodSays("formats.valueOrItems") });
  });

export const datingSchema = z.looseObject({
  lmp_date: isoDate.nullish(),
  edd: isoDate.nullish(),
  method: z.string().nullish(),
});

export const ehrPatientSchema = z.looseObject({
  patient_id: nonEmpty,
  pregnancy_id: z.string().nullish(),
  demographics: z.record(z.string(), z.unknown()).optional(),
  dating: datingSchema.nullish(),
  events: z.array(eventSchema),
});

export const cutoffSchema = z.looseObject({
  time: isoDateTime,
  ga_days: z.int().min(0).max(400).nullish(),
  visit_id: z.string().nullish(),
});

export const mcqOptionSchema = z.looseObject({ label: nonEmpty, text: z.string() });

export const instanceSchema = z.looseObject({
  instance_id: nonEmpty,
  patient_id: nonEmpty,
  pregnancy_id: z.string().nullish(),
  cutoff: cutoffSchema,
  decision_point_index: z.int().min(1),
  chapter: nonEmpty,
  rule_id: nonEmpty,
  rule_text: z.string().nullish(),
  evidence_level: z.enum(EVIDENCE_LEVELS),
  question: nonEmpty,
  options: z.array(mcqOptionSchema).min(2),
  answer: nonEmpty,
  evidence_event_ids: z.array(nonEmpty),
  evidence_text: z.string().nullish(),
  scopes: z.array(z.string()).nullish(),
});

export const formatVersionSchema = z.string().regex(/^1(\.\d+)*$/, { error: zodSays("formats.formatVersion") });

/** Top level only: records are validated one by one so every record's issues are reported. */
export const ehrBundleSchema = z.looseObject({
  format: z.literal("ehr-decision-mcq"),
  format_version: formatVersionSchema,
  dataset: z.record(z.string(), z.unknown()),
  patients: z.array(z.unknown()),
  instances: z.array(z.unknown()),
});

export type RawEvent = z.infer<typeof eventSchema>;
export type RawEventItem = z.infer<typeof eventItemSchema>;
export type RawEhrPatient = z.infer<typeof ehrPatientSchema>;
export type RawInstance = z.infer<typeof instanceSchema>;
