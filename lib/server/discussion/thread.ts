import "server-only";
import type { Db } from "../../db/client";
import type { PostMessageInput, ThreadMessageView, ThreadPage } from "../../schemas/discussion";
import { recordEvent } from "../audit-trail";
import { forbiddenError } from "../errors";
import type { ThreadGrant } from "./access";

/** Messages a thread shows at once: the newest this many, then "earlier messages" pages back. */
export const THREAD_PAGE = 200;

const MESSAGE_SELECT = { id: true, authorId: true, text: true, createdAt: true, author: { select: { name: true } } } as const;

/**
 * The newest THREAD_PAGE messages of one item's thread, or with `before` (a message id of this
 * thread) the THREAD_PAGE before it; ordered by (createdAt, id), so two messages of the same
 * millisecond are neither repeated nor skipped between pages. Callers check access first
 * (authorizeThread); a `before` from another thread gives an empty page.
 */
export async function listThread(db: Db, grant: ThreadGrant, before?: string): Promise<ThreadPage> {
  const cursor = before
    ? await db.threadMessage.findFirst({ where: { id: before, auditItemId: grant.auditItemId }, select: { id: true, createdAt: true } })
    : null;
  if (before && !cursor) return { messages: [], total: 0, earlier: false };
  const [rows, total] = await Promise.all([
    db.threadMessage.findMany({
      where: {
        auditItemId: grant.auditItemId,
        ...(cursor && { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: THREAD_PAGE + 1,
      select: MESSAGE_SELECT,
    }),
    db.threadMessage.count({ where: { auditItemId: grant.auditItemId } }),
  ]);
  const earlier = rows.length > THREAD_PAGE;
  return { messages: rows.slice(0, THREAD_PAGE).reverse().map(messageView), total, earlier };
}

function messageView(r: { id: string; authorId: string; text: string; createdAt: Date; author: { name: string } }): ThreadMessageView {
  return { id: r.id, authorId: r.authorId, authorName: r.author.name, text: r.text, createdAt: r.createdAt.toISOString() };
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
      select: MESSAGE_SELECT,
    });
    await recordEvent(tx, {
      actorId: userId,
      action: "thread.post",
      entity: "AuditItem",
      entityId: grant.auditItemId,
      after: { messageId: row.id, text: row.text },
    });
    return messageView(row);
  });
}
