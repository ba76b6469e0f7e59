"use server";
import { guardedAction } from "@/lib/server/action";
import { saveComment, saveCommentSchema } from "@/lib/server/review/save-comment";
import { saveCorrection, saveCorrectionSchema } from "@/lib/server/review/save-correction";
import { saveRating, saveRatingSchema } from "@/lib/server/review/save-rating";
import { db } from "@/lib/db";

// The rating panel expects one flat result: data, a conflict, or an error message.
const flat = <I, T>(action: (input: I) => Promise<{ ok: true; data: T } | { ok: false; error: string }>) => async (input: I) => {
  const result = await action(input);
  return result.ok ? result.data : result;
};

const rating = guardedAction("review:rate", saveRatingSchema, (input, user) => saveRating(db(), user.id, input));
const comment = guardedAction("review:rate", saveCommentSchema, (input, user) => saveComment(db(), user.id, input));
const correction = guardedAction("review:rate", saveCorrectionSchema, (input, user) => saveCorrection(db(), user.id, input));

export async function saveRatingAction(input: Parameters<typeof rating>[0]) {
  return flat(rating)(input);
}
export async function saveCommentAction(input: Parameters<typeof comment>[0]) {
  return flat(comment)(input);
}
export async function saveCorrectionAction(input: Parameters<typeof correction>[0]) {
  return flat(correction)(input);
}
