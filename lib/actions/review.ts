"use server";
import { guardedAction } from "@/lib/server/action";
import { activeTimeSchema, saveCommentSchema, saveCorrectionSchema, saveRatingSchema, setFlagSchema } from "@/lib/schemas/review";
import { recordActiveTime } from "@/lib/server/review/active-time";
import { setFlag } from "@/lib/server/review/flag";
import { saveComment } from "@/lib/server/review/save-comment";
import { authorizeCorrectionTurn, saveCorrection } from "@/lib/server/review/save-correction";
import { saveRating } from "@/lib/server/review/save-rating";

// A save answers its value or throws an AppError; a conflict carries the value another tab saved
// first, which guardedAction hands the save queue as the result's `conflict`.
export const saveRatingAction = guardedAction("review:rate", saveRatingSchema, (input, { db, user }) => saveRating(db, user.id, input));
export const saveCommentAction = guardedAction("review:rate", saveCommentSchema, (input, { db, user }) => saveComment(db, user.id, input));
export const saveCorrectionAction = guardedAction("review:rate", saveCorrectionSchema, {
  authorize: (input, { db, user }) => authorizeCorrectionTurn(db, user.id, input),
  handler: (input, { db, user }) => saveCorrection(db, user.id, input),
});
export const setFlagAction = guardedAction("review:rate", setFlagSchema, (input, { db, user }) => setFlag(db, user.id, input));
export const recordActiveTimeAction = guardedAction("review:rate", activeTimeSchema, (input, { db, user }) =>
  recordActiveTime(db, user.id, input),
);
