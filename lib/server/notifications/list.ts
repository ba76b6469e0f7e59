import "server-only";
import type { Db } from "../../db/client";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";
import type { NotificationEntry, Notifications } from "../../notifications";
import { raterGate } from "../calibration/gate";
import { keptAdjudicationQueue } from "../reports/kept-report";

/**
 * In-app notifications, derived on read from state the app already keeps, with one stored
 * "seen up to" stamp per user (NotificationSeen) — not rows written beside each event. Why:
 * - correct by construction: "a calibration round is waiting" and "your adjudication is needed"
 *   are states, not events. Derived, an entry disappears when the practice is done or the audit
 *   reopens; a stored row would go on claiming it, or need deleting from every place that changes
 *   that state (and from the backup, the restore, a withdrawal of the adjudicator…);
 * - nothing to keep in step: the four causes (a calibration round, a reopen, an audit closed with
 *   its adjudicator, a thread message) are written by their own use cases, untouched here;
 * - cheap: every read below is an index probe per open audit of the instance (a handful), per
 *   audit the user adjudicates or a fixed `take`, never a walk of an audit's items, ratings or
 *   assignments on the event loop, and no query binds a list that grows with an audit (issue #30);
 *   the items waiting for adjudication come from the adjudication list kept per version. A trade-off:
 *   the stamp marks read everything up to a time, not entry by entry. bench/notifications.ts
 *   measures it on a full review.
 * Read/unread is one timestamp: an entry is unread when it happened after the user's stamp, and
 * opening the list moves the stamp to the newest entry shown (markSeen).
 */
/** The longest list the bell shows; older entries are dropped. */
export const NOTIFICATIONS_SHOWN = 20;

export async function listNotifications(db: Db, user: CurrentUser): Promise<Notifications> {
  const [seen, audits, adjudicating] = await Promise.all([
    db.notificationSeen.findUnique({ where: { userId: user.id }, select: { seenAt: true } }),
    ratedOpenAudits(db, user),
    // Closed audits this user adjudicates: the designated clinician, or the organizer who created
    // an audit with no adjudicator named (organizers may adjudicate any audit; only their own is "needed").
    db.audit.findMany({
      where: {
        status: "CLOSED",
        OR: [{ adjudicatorId: user.id }, ...(can(user.role, "audits:manage") ? [{ adjudicatorId: null, createdById: user.id }] : [])],
      },
      orderBy: { closedAt: "desc" },
      take: NOTIFICATIONS_SHOWN,
      select: { id: true, name: true, closedAt: true },
    }),
  ]);
  const entries: Omit<NotificationEntry, "unread">[] = [];

  // A calibration round waiting for this rater (lib/server/calibration/gate.ts), dated by its start.
  for (const audit of audits) {
    const gate = await raterGate(db, user.id, audit.id);
    if (gate.kind !== "practice") continue;
    const round = await db.calibrationRound.findUnique({ where: { id: gate.roundId }, select: { startedAt: true } });
    if (round)
      entries.push({
        kind: "calibration",
        at: round.startedAt.toISOString(),
        auditId: audit.id,
        auditName: audit.name,
        href: `/review/calibration/${audit.id}`,
      });
  }

  // The latest reopening of each of the rater's audits that is open now.
  const reopened = await latestAuditEvents(
    db,
    "audit.reopen",
    audits.map((a) => a.id),
  );
  for (const audit of audits) {
    const at = reopened.get(audit.id);
    if (at) entries.push({ kind: "reopened", at: at.toISOString(), auditId: audit.id, auditName: audit.name, href: "/review" });
  }

  // Adjudication needed since the audit closed, or since this user was named its adjudicator.
  const named = await latestAuditEvents(
    db,
    "audit.adjudicator",
    adjudicating.map((a) => a.id),
  );
  // Only while items wait for a decision, with how many: the adjudication list kept per version
  // (computed off the event loop once per change of the audit's ratings or decisions).
  for (const audit of adjudicating) {
    const queue = await keptAdjudicationQueue(db, audit.id);
    const waiting = queue?.rows.filter((r) => !r.adjudicated).length ?? 0;
    if (waiting === 0) continue;
    const since = Math.max(audit.closedAt?.getTime() ?? 0, named.get(audit.id)?.getTime() ?? 0);
    entries.push({
      kind: "adjudication",
      at: new Date(since).toISOString(),
      auditId: audit.id,
      auditName: audit.name,
      href: `/audits/${audit.id}/adjudicate`,
      count: waiting,
    });
  }

  // Messages by others in the threads this user posted in, where they may still read them. Most
  // users never post (raters cannot): one probe of the (authorId, …) index spares them the query.
  const posted = await db.threadMessage.findFirst({ where: { authorId: user.id }, select: { id: true } });
  const messages = !posted
    ? []
    : await db.threadMessage.findMany({
        where: {
          authorId: { not: user.id },
          auditItem: {
            messages: { some: { authorId: user.id } },
            ...(can(user.role, "audits:manage") ? {} : { audit: { status: "CLOSED", adjudicatorId: user.id } }),
          },
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: NOTIFICATIONS_SHOWN,
        select: {
          createdAt: true,
          auditId: true,
          auditItemId: true,
          author: { select: { name: true } },
          auditItem: { select: { sampleOrder: true, audit: { select: { name: true } } } },
        },
      });
  for (const m of messages)
    entries.push({
      kind: "message",
      at: m.createdAt.toISOString(),
      auditId: m.auditId,
      auditName: m.auditItem.audit.name,
      href: `/audits/${m.auditId}/adjudicate/${m.auditItemId}#discussion`,
      order: m.auditItem.sampleOrder,
      from: m.author.name,
    });

  const seenAt = seen?.seenAt.toISOString() ?? "";
  const shown = entries
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, NOTIFICATIONS_SHOWN)
    .map((e) => ({ ...e, unread: e.at > seenAt }));
  return { entries: shown, unread: shown.filter((e) => e.unread).length };
}

/**
 * The open audits this user rates in: one probe of the (userId, auditId) index per open audit of
 * the instance (a handful). Not a group of the user's assignments by audit, as the review queue
 * reads them: that walks every assignment of the rater — 4,745 in a full review of the notes
 * benchmark, 15 ms of the bell's ~20 — on every page.
 */
async function ratedOpenAudits(db: Db, user: CurrentUser): Promise<{ id: string; name: string }[]> {
  if (!can(user.role, "review:rate")) return [];
  const open = await db.audit.findMany({ where: { status: "OPEN" }, orderBy: { createdAt: "desc" }, select: { id: true, name: true } });
  const mine: { id: string; name: string }[] = [];
  for (const audit of open) {
    const assigned = await db.assignment.findFirst({ where: { userId: user.id, auditId: audit.id, active: true }, select: { id: true } });
    if (assigned) mine.push(audit);
  }
  return mine;
}

/** The time of the newest trail event of this action about each audit: one grouped, indexed read. */
async function latestAuditEvents(db: Db, action: string, auditIds: string[]): Promise<Map<string, Date>> {
  if (auditIds.length === 0) return new Map();
  const rows = await db.auditEvent.groupBy({
    by: ["entityId"],
    where: { entity: "Audit", action, entityId: { in: auditIds } },
    _max: { at: true },
  });
  return new Map(rows.flatMap((r) => (r._max.at ? [[r.entityId, r._max.at] as const] : [])));
}

/**
 * Marks as read everything up to `upTo` — the newest entry the user was shown, so an entry that
 * arrived after the list was drawn stays unread. The stamp never moves back, nor past now.
 */
export async function markSeen(db: Db, userId: string, upTo: Date): Promise<void> {
  const at = new Date(Math.min(upTo.getTime(), Date.now()));
  await db.$transaction(async (tx) => {
    const current = await tx.notificationSeen.findUnique({ where: { userId }, select: { seenAt: true } });
    if (current && current.seenAt >= at) return;
    await tx.notificationSeen.upsert({ where: { userId }, create: { userId, seenAt: at }, update: { seenAt: at } });
  });
}

export type { NotificationEntry, NotificationKind, Notifications } from "../../notifications";
