// Client-safe input schemas of the audit forms (new audit, extend the sample), imported by the
// server actions and the forms alike. Messages are catalog keys (lib/schemas/issues.ts).
import { z } from "zod";
import { rubricSchema } from "../audits/rubric";
import { REVIEW_ORDER_MODES } from "../sampling/review-order";
import { lineName } from "./text";

/** The item fields a sample may be stratified by. */
export const STRATA_KEYS = ["chapter", "level", "decisionPoint"] as const;
export type StratumKey = (typeof STRATA_KEYS)[number];

const wholeNumber = "audits.validation.wholeNumber";

/** What "Draw sample" sends; the audit adds its name and rubric. */
export const sampleRequestSchema = z.strictObject({
  datasetId: z.string().min(1, "audits.validation.dataset"),
  size: z.coerce.number(wholeNumber).int(wholeNumber).min(1, "audits.validation.atLeastOne"),
  seed: lineName(256, "audits.validation.seed"),
  strata: z.array(z.enum(STRATA_KEYS)).default([]),
});

export const createAuditSchema = sampleRequestSchema.extend({
  name: lineName(160, "audits.validation.name"),
  rubric: rubricSchema,
  /** Each rater's own shuffle (default) or one shuffle for all; either way cutoff order within a patient. */
  reviewOrder: z.enum(REVIEW_ORDER_MODES).default("per-rater"),
});
export type CreateAuditInput = z.input<typeof createAuditSchema>;

export const extendSampleSchema = z.strictObject({
  auditId: z.string().min(1).max(100),
  add: z.coerce.number(wholeNumber).int(wholeNumber).min(1, "audits.validation.atLeastOne").max(1_000_000),
  /** The size the organizer saw when planning: the extension is refused if it changed meanwhile. */
  fromSize: z.coerce.number().int().min(1),
});
export type ExtendSampleInput = z.output<typeof extendSampleSchema>;
/** The preview of an extension: the size it starts from is read, not sent. */
export const previewExtensionSchema = extendSampleSchema.omit({ fromSize: true });
