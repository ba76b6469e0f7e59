"use server";
import { getTranslations } from "next-intl/server";
import { guardedAction } from "@/lib/server/action";
import { saveComment, saveCommentSchema } from "@/lib/server/review/save-comment";
import { saveCorrection, saveCorrectionSchema, type CorrectionState } from "@/lib/server/review/save-correction";
import { saveRating, saveRatingSchema, type SaveOutcome } from "@/lib/server/review/save-rating";
import { setFlag, setFlagSchema } from "@/lib/server/review/flag";
import { activeTimeSchema, recordActiveTime } from "@/lib/server/review/active-time";
import { AppError } from "@/lib/server/errors";
import { turnProblem } from "@/lib/adjudication/turns";
import type { Item } from "@/lib/formats";
import { db } from "@/lib/db";

// The rating panel expects one flat result: data, a conflict, or an error message.
const flat = <I, T>(action: (input: I) => Promise<{ ok: true; data: T } | { ok: false; error: string }>) => async (input: I) => {
  const result = await action(input);
  return result.ok ? result.data : result;
};

/** A refused save is a conflict (errors are thrown): say so in the reader's language. */
async function worded<T>(outcome: SaveOutcome<T>): Promise<SaveOutcome<T>> {
  return outcome.ok ? outcome : { ...outcome, error: (await getTranslations("review.errors"))("conflict") };
}

const rating = guardedAction("review:rate", saveRatingSchema, async (input, user) => worded(await saveRating(db(), user.id, input)));
const comment = guardedAction("review:rate", saveCommentSchema, async (input, user) => worded(await saveComment(db(), user.id, input)));
const correction = guardedAction("review:rate", saveCorrectionSchema, async (input, user) => {
  // A proposal must name a turn the item has (conversations) or none (MCQs, REMOVE); withdrawing is always allowed.
  if (input.correction) {
    const row = await db().assignment.findFirst({ where: { id: input.assignmentId, userId: user.id }, select: { auditItem: { select: { item: { select: { data: true } } } } } });
    const problem = row && turnProblem(row.auditItem.item.data as unknown as Item, input.kind, input.turnOrder);
    if (problem) throw new AppError("INVALID", problem);
  }
  const outcome = await worded(await saveCorrection(db(), user.id, input));
  // The panel keys corrections by (kind, turn): every value it gets back names its turn.
  const withTurn = (c: CorrectionState | null) => c && { ...c, turnOrder: input.turnOrder };
  if (outcome.ok) return { ok: true as const, data: withTurn(outcome.data) };
  return { ok: false as const, error: outcome.error, ...(outcome.conflict ? { conflict: { current: withTurn(outcome.conflict.current) } } : {}) };
});

const flag = guardedAction("review:rate", setFlagSchema, async (input, user) => setFlag(db(), user.id, input));
const activeTime = guardedAction("review:rate", activeTimeSchema, async (input, user) => recordActiveTime(db(), user.id, input));

export async function setFlagAction(input: Parameters<typeof flag>[0]) {
  return flag(input);
}
export async function recordActiveTimeAction(input: Parameters<typeof activeTime>[0]) {
  return activeTime(input);
}
export async function saveRatingAction(input: Parameters<typeof rating>[0]) {
  return flat(rating)(input);
}
export async function saveCommentAction(input: Parameters<typeof comment>[0]) {
  return flat(comment)(input);
}
export async function saveCorrectionAction(input: Parameters<typeof correction>[0]) {
  return flat(correction)(input);
}
