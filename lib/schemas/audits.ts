// Client-safe input schemas of the audit forms (new audit, extend the sample), imported by the
// server actions and the forms alike. Messages are catalog keys (lib/schemas/issues.ts).
import { z } from "zod";
import { guidelinesSchema } from "../audits/guidelines";
import { rubricSchema } from "../audits/rubric";
import { REVIEW_ORDER_MODES } from "../sampling/review-order";
import { lineName } from "./text";

/** The item fields a sample may be stratified by. */
export const STRATA_KEYS = ["chapter", "level", "decisionPoint"] as const;
export type StratumKey = (typeof STRATA_KEYS)[number];

const wholeNumber = "audits.validation.wholeNumber";

/** A prior error rate or an assumed one, as a share in (0, 1) (the forms send percent / 100). */
const share = z.coerce
  .number("audits.modelGuided.validation.rate")
  .gt(0, "audits.modelGuided.validation.rate")
  .lt(1, "audits.modelGuided.validation.rate");
const perStratum = <T extends z.ZodType>(value: T) =>
  z.strictObject({ none: value.optional(), some: value.optional(), most: value.optional(), unpredicted: value.optional() });

/** How a model-guided sample is allocated over its strata (lib/sampling/stratified.ts). */
export const allocationRuleSchema = z.discriminatedUnion("rule", [
  z.strictObject({ rule: z.literal("proportional") }),
  z.strictObject({ rule: z.literal("neyman"), priorErrorRates: perStratum(share) }),
  z.strictObject({
    rule: z.literal("oversample"),
    factor: z.coerce
      .number("audits.modelGuided.validation.factor")
      .min(1, "audits.modelGuided.validation.factor")
      .max(100, "audits.modelGuided.validation.factor"),
  }),
]);

/** "Stratify by model disagreement": the prediction set and the allocation. */
export const modelGuidedSchema = z.strictObject({
  predictionSetId: z.string().min(1, "audits.modelGuided.validation.set").max(100),
  allocation: allocationRuleSchema,
});

/** The planner's preview of a model-guided sample, at the organizer's assumed rates (shares in [0, 1]). */
export const modelGuidedPreviewSchema = z.strictObject({
  datasetId: z.string().min(1, "audits.validation.dataset"),
  size: z.coerce.number(wholeNumber).int(wholeNumber).min(1, "audits.validation.atLeastOne"),
  predictionSetId: z.string().min(1, "audits.modelGuided.validation.set").max(100),
  allocation: allocationRuleSchema,
  assumedErrorRates: perStratum(
    z.coerce
      .number("audits.modelGuided.validation.assumed")
      .min(0, "audits.modelGuided.validation.assumed")
      .max(1, "audits.modelGuided.validation.assumed"),
  ),
});

const sampleRequestFields = z.strictObject({
  datasetId: z.string().min(1, "audits.validation.dataset"),
  size: z.coerce.number(wholeNumber).int(wholeNumber).min(1, "audits.validation.atLeastOne"),
  seed: lineName(256, "audits.validation.seed"),
  strata: z.array(z.enum(STRATA_KEYS)).default([]),
  /** Present: the sample is stratified by model disagreement instead of by item attributes. */
  modelGuided: modelGuidedSchema.optional(),
});
const oneKindOfStrata = (v: { strata: readonly string[]; modelGuided?: unknown }) => v.modelGuided === undefined || v.strata.length === 0;
const notWithStrata = () => ({ message: "audits.modelGuided.validation.notWithStrata", path: ["strata"] });

/** What "Draw sample" sends; the audit adds its name and rubric. */
export const sampleRequestSchema = sampleRequestFields.refine(oneKindOfStrata, notWithStrata());

export const createAuditSchema = sampleRequestFields
  .extend({
    name: lineName(160, "audits.validation.name"),
    rubric: rubricSchema,
    /** Each rater's own shuffle (default) or one shuffle for all; either way cutoff order within a patient. */
    reviewOrder: z.enum(REVIEW_ORDER_MODES).default("per-rater"),
  })
  .refine(oneKindOfStrata, notWithStrata());
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

const auditId = z.string().min(1).max(100);
/** The audit page's controls: one audit, and what to do to it. */
export const auditOnlySchema = z.strictObject({ auditId });
export const withdrawClinicianSchema = z.strictObject({ auditId, userId: z.string().min(1) });
export const setStatusSchema = z.strictObject({ auditId, action: z.enum(["open", "close"]) });
export const setShareResultsSchema = z.strictObject({ auditId, share: z.boolean() });
export const setAdjudicatorSchema = z.strictObject({ auditId, userId: z.string().nullable() });
export const saveGuidelinesSchema = z.strictObject({ auditId, guidelines: guidelinesSchema });
/** Rubric texts (labels, questions, descriptions) edited on an audit whose rubric structure is fixed. */
export const rubricTextsSchema = z.strictObject({
  auditId,
  rubric: rubricSchema,
  /** The rubric the editor started from: a save over someone else's newer texts is refused. */
  base: rubricSchema,
});

export const assignSchema = z.strictObject({
  auditId: z.string().min(1),
  clinicianIds: z.array(z.string().min(1)),
  design: z.enum(["FULLY_CROSSED", "BALANCED", "MANUAL"]),
  ratersPerItem: z.coerce.number().int().min(1).optional(),
  /** MANUAL: one "item id, clinician email" pair per line. */
  manual: z.string().max(1_000_000).optional(),
  /** The organizer saw that this plan leaves the audit less balanced than it is, and goes ahead. */
  confirmUnbalance: z.boolean().optional(),
});
