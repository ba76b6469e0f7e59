// Input schemas of calibration: the organizer's setup (practice items, pass rule, rounds) and a
// rater's practice answers. Imported by lib/actions/calibration.ts and, for types, lib/server/calibration.
import { z } from "zod";

const id = z.string().min(1).max(100);

export const addPracticeItemSchema = z.strictObject({
  auditId: id,
  externalId: z.string().trim().min(1).max(200),
  /** Typed in: { [rating key]: category }. Absent: taken from `keyFromAuditId`'s adjudication. */
  key: z.record(z.string().max(100), z.string().max(100)).optional(),
  keyFromAuditId: id.optional(),
  rationale: z.string().trim().max(2000),
});
export const removePracticeItemSchema = z.strictObject({ auditId: id, calibrationItemId: id });
export const calibrationRuleSchema = z.strictObject({
  auditId: id,
  passPercent: z.number().int().min(0).max(100),
  gate: z.boolean(),
});
export const startRoundSchema = z.strictObject({
  auditId: id,
  /** null: every rater of the audit (those assigned later too). */
  raterIds: z.array(id).min(1).max(500).nullable(),
});

export const savePracticeSchema = z.strictObject({
  auditId: id,
  calibrationItemId: id,
  labels: z.record(z.string().max(100), z.string().max(100)),
  /** Time on the item as the page measured it; two hours at most count. */
  activeMs: z.number().int().min(0).max(7_200_000),
});
