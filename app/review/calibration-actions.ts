"use server";
import { guardedAction } from "@/lib/server/action";
import { savePractice, savePracticeSchema } from "@/lib/server/calibration/practice";

/** A rater's answer to one practice item; the answer carries the key and rationale back. */
export const savePracticeAction = guardedAction("review:rate", savePracticeSchema, async (input, { db, user }) =>
  savePractice(db, user.id, input),
);
