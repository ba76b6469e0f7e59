// Input schemas of the rater's case screen: the saves (rating, comment, correction, flag), the
// active-time report and the case page's confirmation. Imported by the server actions (lib/actions/review.ts),
// the confirm route and the use cases under lib/server/review for their input types.
import { z } from "zod";
import { freeText, isCleanText } from "./text";

export const saveRatingSchema = z.strictObject({
  assignmentId: z.string().min(1),
  dimension: z.string().min(1),
  category: z.string().min(1).nullable(),
  expectedVersion: z.number().int().min(0),
  /** The change undoes the rater's previous one (shown as such in the audit trail). */
  undo: z.boolean().optional(),
});

export const saveCommentSchema = z.strictObject({
  assignmentId: z.string().min(1),
  comment: freeText(20_000),
  expectedVersion: z.number().int().min(0),
});

export const CORRECTION_KINDS = ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE_TURN", "REMOVE"] as const;

export const saveCorrectionSchema = z.strictObject({
  assignmentId: z.string().min(1),
  kind: z.enum(CORRECTION_KINDS),
  /** Conversation items: the turn (turn_order) the correction is about; 0 = the whole item. */
  turnOrder: z.number().int().min(0).default(0),
  /** The version the client last saw (0 = none): every change, a withdrawal too, is a compare-and-set on it. */
  expectedVersion: z.number().int().min(0),
  correction: z
    .strictObject({
      kind: z.enum(CORRECTION_KINDS),
      proposal: freeText(20_000),
      newGold: z.string().max(10).nullable().optional(),
      rationale: z
        .string()
        .trim()
        .min(1, "rubric.corrections.errors.rationale")
        .max(20_000)
        .refine(isCleanText, "common.validation.controlCharacters"),
    })
    .nullable(),
});

export const setFlagSchema = z.strictObject({
  assignmentId: z.string().min(1),
  flagged: z.boolean(),
  /** The change undoes the rater's previous one (shown as such in the audit trail). */
  undo: z.boolean().optional(),
});

/** Longest single report the server accepts (the client reports every 15 s and on leaving). */
export const MAX_REPORT_MS = 5 * 60_000;

export const activeTimeSchema = z.strictObject({
  assignmentId: z.string().min(1),
  ms: z.number().int().min(0).max(MAX_REPORT_MS),
});

export const confirmCaseOpenSchema = z.strictObject({
  assignmentId: z.string().min(1).max(64),
  stamp: z.string().min(1).max(64),
  /** The page was rendered for the router (logged as sent): its view is logged now. */
  logView: z.boolean(),
});
