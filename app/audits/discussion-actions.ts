"use server";
import { revalidatePath } from "next/cache";
import { postMessageSchema } from "@/lib/schemas/discussion";
import { guardedAction } from "@/lib/server/action";
import { authorizeThread } from "@/lib/server/discussion/access";
import { postMessage } from "@/lib/server/discussion/thread";

/** A message in an item's thread: organizers, and the adjudicator of a closed audit (authorizeThread). */
export const postMessageAction = guardedAction("signed-in", postMessageSchema, {
  authorize: (input, { db, user }) => authorizeThread(db, user, input.auditId, input.auditItemId),
  handler: async (input, { db, user, scope }) => {
    const message = await postMessage(db, user.id, scope, input);
    revalidatePath(`/audits/${input.auditId}/adjudicate/${input.auditItemId}`);
    return message;
  },
});
