// Client-safe input schema of the adjudication panel, imported by the server action and the
// panel alike. Messages are catalog keys (lib/schemas/issues.ts).
import { z } from "zod";
import { isCleanText } from "./text";

// turnOrder is taken from the correction itself (lib/server/adjudication), whatever the form sends.
const turnOrder = z.number().int().min(0).optional();
const appliedSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("STEM"), question: z.string().trim().min(1), turnOrder }),
  z.strictObject({ kind: z.literal("GOLD"), answer: z.string().trim().min(1), turnOrder }),
  z.strictObject({ kind: z.literal("DISTRACTOR"), label: z.string().trim().min(1), text: z.string().trim().min(1), turnOrder }),
  // MCQs list evidence event ids; a conversation's source turn names its new correct option.
  z
    .strictObject({
      kind: z.literal("EVIDENCE"),
      evidenceEventIds: z.array(z.string().trim().min(1)).min(1).optional(),
      // The adjudicator's own evidence_text (blank: composed from the chosen events).
      evidenceText: z
        .string()
        .max(20_000)
        .optional()
        .transform((t) => (t?.trim() ? t : undefined)),
      answer: z.string().trim().min(1).optional(),
      turnOrder,
    })
    .refine((e) => (e.evidenceEventIds === undefined) !== (e.answer === undefined), "adjudication.validation.evidence"),
  z.strictObject({ kind: z.literal("REMOVE_TURN"), turnOrder }),
  z.strictObject({ kind: z.literal("REMOVE") }),
]);

export const saveAdjudicationSchema = z.strictObject({
  auditId: z.string().min(1),
  auditItemId: z.string().min(1),
  finalLabels: z.record(z.string(), z.string()),
  rationale: z
    .string()
    .trim()
    .min(1, "adjudication.validation.rationale")
    .max(20_000)
    .refine(isCleanText, "common.validation.controlCharacters"),
  decisions: z.array(
    z.strictObject({
      correctionId: z.string().min(1),
      decision: z.enum(["ACCEPTED", "EDITED", "REJECTED"]),
      applied: appliedSchema.nullable(),
      rationale: z
        .string()
        .trim()
        .min(1, "adjudication.validation.decisionRationale")
        .max(20_000)
        .refine(isCleanText, "common.validation.controlCharacters"),
    }),
  ),
});
export type SaveAdjudicationInput = z.output<typeof saveAdjudicationSchema>;
