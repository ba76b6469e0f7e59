// Client-safe input schema of an item's discussion thread, used by the form and the server action.
// Messages are catalog keys (lib/schemas/issues.ts).
import { z } from "zod";
import { isCleanText } from "./text";

/** The longest message: a few paragraphs of argument, not a pasted record. */
export const MESSAGE_MAX = 4_000;

export const postMessageSchema = z.strictObject({
  auditId: z.string().min(1).max(200),
  auditItemId: z.string().min(1).max(200),
  text: z
    .string()
    .trim()
    .min(1, "discussion.validation.empty")
    .max(MESSAGE_MAX, "discussion.validation.tooLong")
    .refine(isCleanText, "common.validation.controlCharacters"),
});
/** Older messages of a thread than the one shown first (`before`: its id). */
export const earlierMessagesSchema = z.strictObject({
  auditId: z.string().min(1).max(200),
  auditItemId: z.string().min(1).max(200),
  before: z.string().min(1).max(200),
});

export type PostMessageInput = z.output<typeof postMessageSchema>;

/** One message as the thread shows it (createdAt: ISO 8601). */
export interface ThreadMessageView {
  id: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
}

/** A page of one item's thread, oldest first (lib/server/discussion/thread.ts). */
export interface ThreadPage {
  messages: ThreadMessageView[];
  /** Messages in the whole thread. */
  total: number;
  /** Messages older than this page's first exist (ask again with `before`: its id). */
  earlier: boolean;
}
