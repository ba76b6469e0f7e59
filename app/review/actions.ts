"use server";
import { guardedAction } from "@/lib/server/action";
import { activeTimeSchema, recordActiveTime } from "@/lib/server/review/active-time";
import { setFlag, setFlagSchema } from "@/lib/server/review/flag";
import { authorizeCorrectionTurn, settle } from "@/lib/server/review/outcome";
import { saveComment, saveCommentSchema } from "@/lib/server/review/save-comment";
import { saveCorrection, saveCorrectionSchema, type CorrectionState } from "@/lib/server/review/save-correction";
import { saveRating, saveRatingSchema } from "@/lib/server/review/save-rating";

// Every save answers guardedAction's one result: the saved value, or a failure in the reader's
// language (a conflict carries the value another tab saved first, for the save queue).
export const saveRatingAction = guardedAction("review:rate", saveRatingSchema, async (input, { db, user }) =>
  settle(await saveRating(db, user.id, input)),
);
export const saveCommentAction = guardedAction("review:rate", saveCommentSchema, async (input, { db, user }) =>
  settle(await saveComment(db, user.id, input)),
);
export const saveCorrectionAction = guardedAction("review:rate", saveCorrectionSchema, {
  authorize: (input, { db, user }) => authorizeCorrectionTurn(db, user.id, input),
  handler: async (input, { db, user }) => {
    // The panel keys corrections by (kind, turn): every value it gets back names its turn.
    const withTurn = (c: CorrectionState | null) => c && { ...c, turnOrder: input.turnOrder };
    const outcome = await saveCorrection(db, user.id, input);
    if (outcome.ok) return withTurn(outcome.data);
    return settle({
      ok: false,
      error: outcome.error,
      ...(outcome.conflict ? { conflict: { current: withTurn(outcome.conflict.current) } } : {}),
    });
  },
});
export const setFlagAction = guardedAction("review:rate", setFlagSchema, async (input, { db, user }) => setFlag(db, user.id, input));
export const recordActiveTimeAction = guardedAction("review:rate", activeTimeSchema, async (input, { db, user }) =>
  recordActiveTime(db, user.id, input),
);
