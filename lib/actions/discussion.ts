"use server";
import { revalidatePath } from "next/cache";
import { earlierMessagesSchema, postMessageSchema } from "@/lib/schemas/discussion";
import { guardedAction } from "@/lib/server/action";
import { authorizeThread } from "@/lib/server/discussion/access";
import { listThread, postMessage } from "@/lib/server/discussion/thread";

/** A message in an item's thread: organizers, and the adjudicator of a closed audit (authorizeThread). */
export const postMessageAction = guardedAction("signed-in", postMessageSchema, {
  authorize: (input, { db, user }) => authorizeThread(db, user, input.auditId, input.auditItemId),
  handler: async (input, { db, user, scope }) => {
    const message = await postMessage(db, user.id, scope, input);
    revalidatePath(`/audits/${input.auditId}/adjudicate/${input.auditItemId}`);
    return message;
  },
});

/** The page of a thread before a message already shown: whoever may read the thread (authorizeThread). */
export const earlierMessagesAction = guardedAction("signed-in", earlierMessagesSchema, {
  authorize: (input, { db, user }) => authorizeThread(db, user, input.auditId, input.auditItemId),
  handler: (input, { db, scope }) => listThread(db, scope, input.before),
});
