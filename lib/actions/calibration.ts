"use server";
import { revalidatePath } from "next/cache";
import { guardedAction } from "@/lib/server/action";
import {
  addPracticeItemSchema,
  calibrationRuleSchema,
  removePracticeItemSchema,
  savePracticeSchema,
  startRoundSchema,
} from "@/lib/schemas/calibration";
import { savePractice } from "@/lib/server/calibration/practice";
import { addPracticeItem, removePracticeItem, setCalibrationRule, startCalibrationRound } from "@/lib/server/calibration/setup";

// The organizer's calibration setup on the audit page (organizers and admins: audits:manage).
export const addPracticeItemAction = guardedAction("audits:manage", addPracticeItemSchema, async (input, { db, user }) => {
  await addPracticeItem(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
});
export const removePracticeItemAction = guardedAction("audits:manage", removePracticeItemSchema, async (input, { db, user }) => {
  await removePracticeItem(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
});
export const setCalibrationRuleAction = guardedAction("audits:manage", calibrationRuleSchema, async (input, { db, user }) => {
  await setCalibrationRule(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
});
export const startCalibrationRoundAction = guardedAction("audits:manage", startRoundSchema, async (input, { db, user }) => {
  const round = await startCalibrationRound(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
  return round;
});

/** A rater's answer to one practice item; the answer carries the key and rationale back. */
export const savePracticeAction = guardedAction("review:rate", savePracticeSchema, async (input, { db, user }) =>
  savePractice(db, user.id, input),
);
