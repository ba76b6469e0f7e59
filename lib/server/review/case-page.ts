import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { parseGuidelines } from "../../audits/guidelines";
import { parseRubric } from "../../audits/rubric";
import type { Item, Note } from "../../formats";
import { recordAccess } from "../access-log/log";
import { can } from "../../auth/permissions";
import type { CurrentUser } from "../auth/current-user";
import { authorizeThread } from "../discussion/access";
import { listThread } from "../discussion/thread";
import { AppError, forbiddenError, notFoundError } from "../errors";
import { FINDING_SELECT, findingView } from "../datasets/findings";
import { noteFromRow } from "../datasets/rows";
import { type QueuePlace, queuePlace } from "./queue-place";
import { caseRecord } from "./record-cache";
import { assertQueueOpen } from "../calibration/gate";
import type { confirmCaseOpenSchema } from "../../schemas/review";

/** What a case screen reads of an item (the real queue's case page, a practice item's). */
export const CASE_ITEM_SELECT = {
  id: true,
  kind: true,
  externalId: true,
  cutoffTime: true,
  chapter: true,
  level: true,
  decisionPoint: true,
  data: true,
  patientId: true,
  datasetId: true,
  patient: { select: { externalId: true } },
  dataset: { select: { timeZone: true } },
} as const;

/** The item as a case screen shows it, from CASE_ITEM_SELECT's row. */
export function caseItemView(item: {
  id: string;
  kind: string;
  externalId: string;
  chapter: string | null;
  level: string | null;
  decisionPoint: number | null;
  data: unknown;
  patient: { externalId: string };
  dataset: { timeZone: string };
}) {
  return {
    id: item.id,
    kind: item.kind,
    externalId: item.externalId,
    chapter: item.chapter,
    level: item.level,
    decisionPoint: item.decisionPoint,
    data: item.data as unknown as Item,
    patientExternalId: item.patient.externalId,
    timeZone: item.dataset.timeZone,
  };
}

/**
 * What the case page shows, in as few queries as the page allows: one for the assignment with
 * everything hanging off it (the rater's own ratings, comment and corrections, the audit and its
 * guidelines, the item and its findings), the rater's place in the audit from their kept queue
 * (kept-queue.ts), and the item's pre-cutoff record from the record cache (no query once built). Access is loadCase's: only the
 * rater's own active assignment in an open or closed audit (null otherwise: 404), and the record
 * is asked for only after that check. A page shown is a view of the patient's record: it goes to
 * the access log's buffer (no query here), from `address` when a trusted proxy gave one; a page
 * rendered for the router (a prefetch, or a client navigation: `sent`) is logged as "case.sent",
 * and its view only when the browser shows it (confirmCaseOpen).
 */
export async function loadCasePage(
  db: Db,
  userId: string,
  assignmentId: string,
  options: { recordDir?: string | null; address?: string | null; sent?: boolean } = {},
) {
  const assignment = await db.assignment.findFirst({
    where: { id: assignmentId, userId, active: true, auditItem: { audit: { status: { in: ["OPEN", "CLOSED"] } } } },
    select: {
      id: true,
      comment: true,
      commentVersion: true,
      flagged: true,
      reviewPosition: true,
      ratings: { select: { dimension: true, category: true, version: true } },
      corrections: { select: { id: true, kind: true, turnOrder: true, proposal: true, newGold: true, rationale: true, version: true } },
      auditItemId: true,
      auditItem: {
        select: {
          sampleOrder: true,
          audit: { select: { id: true, name: true, status: true, rubric: true, sampleSize: true, guidelines: true } },
          item: { select: { ...CASE_ITEM_SELECT, findings: { orderBy: { position: "asc" }, select: FINDING_SELECT } } },
        },
      },
    },
  });
  if (!assignment) return null;
  const { item, audit, sampleOrder } = assignment.auditItem;
  // Practice first (lib/calibration): nothing of the real case leaves the server while it waits.
  if (audit.status === "OPEN") await assertQueueOpen(db, userId, audit.id);
  const rubric = parseRubric(audit.rubric);
  logCase(db, userId, options.sent ? "case.sent" : "case.view", { ...assignment, audit, item }, options.address ?? null);
  const [place, record, notes] = await Promise.all([
    queuePlace(db, userId, audit, assignment.id),
    item.kind === "mcq" && item.cutoffTime
      ? caseRecord(db, item, options.recordDir === undefined ? {} : { dir: options.recordDir })
      : Promise.resolve(null),
    item.kind === "conversation"
      ? db.note.findMany({ where: { patientId: item.patientId }, orderBy: { noteNum: "asc" } })
      : Promise.resolve([]),
  ]);
  return {
    assignmentId: assignment.id,
    auditItemId: assignment.auditItemId,
    audit: { id: audit.id, name: audit.name, status: audit.status, rubric, guidelines: parseGuidelines(audit.guidelines) },
    /** Place in this rater's own review order, the queue's size and the next item to do. */
    position: place?.position ?? assignment.reviewPosition ?? sampleOrder,
    size: place?.size ?? null,
    nextAssignmentId: place?.nextAssignmentId ?? null,
    followingAssignmentId: place?.followingAssignmentId ?? null,
    /** Of those two, the ones the browser may hold while this case is read (noHindsight). */
    prefetch: await noHindsight(db, userId, item, [place?.nextAssignmentId, place?.followingAssignmentId]),
    /** What the page's state is drawn from, in short: a page kept in the browser compares it when shown. */
    stamp: caseStamp(assignment, audit.status, place),
    flagged: assignment.flagged,
    item: caseItemView(item),
    findings: item.findings.map(findingView),
    /** MCQ items: the record up to the cutoff, compact JSON (lib/review/compact-record.ts). */
    record: record && { json: record.json, etag: record.etag, events: record.events },
    notes: notes.map((n) => ({ id: n.id, note: noteFromRow(n) as Note })),
    ratings: assignment.ratings,
    comment: { comment: assignment.comment, version: assignment.commentVersion },
    corrections: assignment.corrections,
  };
}
export type CasePage = NonNullable<Awaited<ReturnType<typeof loadCasePage>>>;

/**
 * The case page's loader: the rater's own case (loadCasePage; not found otherwise, forbidden for
 * a role that does not rate) and, once the audit is closed, the item's discussion (never while
 * it is open: blinding). A rater whose practice round comes first gets loadCasePage's refusal.
 */
export async function loadCase(
  { db, user }: { db: Db; user: CurrentUser },
  assignmentId: string,
  options: Parameters<typeof loadCasePage>[3] = {},
) {
  if (!can(user.role, "review:rate")) throw forbiddenError();
  const review = await loadCasePage(db, user.id, assignmentId, options);
  if (!review) throw notFoundError();
  const closed = review.audit.status === "CLOSED";
  const thread = closed ? await listThread(db, await authorizeThread(db, user, review.audit.id, review.auditItemId)) : null;
  return { ...review, thread };
}

/**
 * The next cases the browser may fetch ahead while the rater reads this one: none whose record
 * goes past this case's cutoff for the same patient (a later decision point of the patient, which
 * the review order puts right after this one). Nothing dated after a case's cutoff reaches the
 * browser while that case is rated, prefetched or not; such a case is fetched when it is opened.
 */
async function noHindsight(
  db: Db,
  userId: string,
  item: { patientId: string; cutoffTime: Date | null },
  ids: (string | null | undefined)[],
): Promise<string[]> {
  const wanted = ids.filter((id): id is string => !!id);
  if (wanted.length === 0) return [];
  const rows = await db.assignment.findMany({
    where: { id: { in: wanted }, userId },
    select: { id: true, auditItem: { select: { item: { select: { patientId: true, cutoffTime: true } } } } },
  });
  const later = (next: { patientId: string; cutoffTime: Date | null }) =>
    next.patientId === item.patientId && next.cutoffTime !== null && (item.cutoffTime === null || next.cutoffTime > item.cutoffTime);
  const allowed = new Set(rows.filter((r) => !later(r.auditItem.item)).map((r) => r.id));
  return wanted.filter((id) => allowed.has(id));
}

/** One case page's access (the buffer writes it; no query here). */
function logCase(
  db: Db,
  userId: string,
  action: "case.view" | "case.sent",
  c: {
    auditItemId: string;
    audit: { id: string };
    item: { id: string; externalId: string; datasetId: string; patient: { externalId: string } };
  },
  address: string | null,
): void {
  recordAccess(db, {
    userId,
    action,
    patient: c.item.patient.externalId,
    itemExternalId: c.item.externalId,
    datasetId: c.item.datasetId,
    auditId: c.audit.id,
    itemId: c.item.id,
    auditItemId: c.auditItemId,
    address,
  });
}

interface StampedState {
  commentVersion: number;
  flagged: boolean;
  ratings: { dimension: string; category: string | null; version: number }[];
  corrections: { kind: string; turnOrder: number; version: number }[];
}

/**
 * A digest of everything on a case page that can change after it was rendered: the rater's own
 * ratings, comment, corrections and flag, the audit's status and the next items to open. The
 * item, its record and the queue's size do not change once imported and assigned.
 */
export function caseStamp(
  a: StampedState,
  status: string,
  place: Pick<QueuePlace, "nextAssignmentId" | "followingAssignmentId"> | null,
): string {
  const ratings = a.ratings.map((r) => `${r.dimension}=${r.category ?? ""}@${r.version}`).sort();
  const corrections = a.corrections.map((c) => `${c.kind}/${c.turnOrder}@${c.version}`).sort();
  const parts = [status, a.flagged, a.commentVersion, ratings, corrections, place?.nextAssignmentId, place?.followingAssignmentId];
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 22);
}

/**
 * The browser shows a case page it was sent earlier (prefetched, or rendered for a client
 * navigation): the rater's view goes to the access log now (`logView`), and the answer says
 * whether the page's state is still the server's (`stamp`, from loadCasePage). Not found when the
 * assignment is not the rater's own active one in an open or closed audit (as loadCasePage).
 */
export async function confirmCaseOpen(
  db: Db,
  userId: string,
  input: z.output<typeof confirmCaseOpenSchema>,
  address: string | null,
): Promise<{ current: boolean }> {
  const assignment = await db.assignment.findFirst({
    where: { id: input.assignmentId, userId, active: true, auditItem: { audit: { status: { in: ["OPEN", "CLOSED"] } } } },
    select: {
      id: true,
      commentVersion: true,
      flagged: true,
      auditItemId: true,
      ratings: { select: { dimension: true, category: true, version: true } },
      corrections: { select: { kind: true, turnOrder: true, version: true } },
      auditItem: {
        select: {
          audit: { select: { id: true, status: true, rubric: true, sampleSize: true } },
          item: { select: { id: true, externalId: true, datasetId: true, patient: { select: { externalId: true } } } },
        },
      },
    },
  });
  if (!assignment) throw new AppError("NOT_FOUND", { key: "review.errors.notFound" });
  const { audit, item } = assignment.auditItem;
  if (input.logView) logCase(db, userId, "case.view", { ...assignment, audit, item }, address);
  const place = await queuePlace(db, userId, audit, assignment.id);
  return { current: caseStamp(assignment, audit.status, place) === input.stamp };
}
