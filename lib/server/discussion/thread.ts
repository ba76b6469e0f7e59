import "server-only";
import type { Db } from "../../db/client";
import type { PostMessageInput, ThreadMessageView } from "../../schemas/discussion";
import { recordEvent } from "../audit-trail";
import { forbiddenError } from "../errors";
import type { ThreadGrant } from "./access";

/** The longest thread a page shows (the newest this many); a thread is a conversation, not a log. */
export const THREAD_PAGE = 200;

/** One item's thread, oldest first. Callers check access first (authorizeThread). */
export async function listThread(db: Db, grant: ThreadGrant): Promise<ThreadMessageView[]> {
  const rows = await db.threadMessage.findMany({
    where: { auditItemId: grant.auditItemId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: THREAD_PAGE,
    select: { id: true, authorId: true, text: true, createdAt: true, author: { select: { name: true } } },
  });
  return rows.reverse().map((r) => ({
    id: r.id,
    authorId: r.authorId,
    authorName: r.author.name,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Adds one message. Messages are neither edited nor deleted: what was said before a decision is
 * part of the audit's record, as the trail is; a correction is a new message. The message and its
 * trail row (about the item, so the audit's trail and its backup carry it) commit together.
 */
export async function postMessage(db: Db, userId: string, grant: ThreadGrant, input: PostMessageInput): Promise<ThreadMessageView> {
  if (!grant.canPost) throw forbiddenError("a rater reads the thread and does not post");
  return db.$transaction(async (tx) => {
    const row = await tx.threadMessage.create({
      data: { auditId: grant.auditId, auditItemId: grant.auditItemId, authorId: userId, text: input.text },
      select: { id: true, authorId: true, text: true, createdAt: true, author: { select: { name: true } } },
    });
    await recordEvent(tx, {
      actorId: userId,
      action: "thread.post",
      entity: "AuditItem",
      entityId: grant.auditItemId,
      after: { messageId: row.id, text: row.text },
    });
    return { id: row.id, authorId: row.authorId, authorName: row.author.name, text: row.text, createdAt: row.createdAt.toISOString() };
  });
}
