import "server-only";
import type { Db } from "../../db/client";
import type { CurrentUser } from "../auth/current-user";
import { authorizeThread } from "../discussion/access";
import { listThread } from "../discussion/thread";
import { notFoundError } from "../errors";
import { keptAdjudicationQueue } from "../reports/kept-report";
import { authorizeAdjudication } from "./access";
import { correctedOverview } from "./corrected-export";
import { correctedState } from "./corrected-state";
import { loadAdjudicationItem } from "./load-item";
import { auditRevisions } from "./revisions";

type Context = { db: Db; user: CurrentUser };

/**
 * The adjudication list, for whoever may adjudicate the audit (authorizeAdjudication: not found /
 * forbidden otherwise): the items to adjudicate (kept: keptAdjudicationQueue), the corrected
 * files (a clinician adjudicator: change logs only) and the revision summary.
 */
export async function loadAdjudicationList({ db, user }: Context, auditId: string) {
  const access = await authorizeAdjudication(db, user, auditId);
  // The accepted corrections, read once for the corrected files and the revision summary.
  const state = correctedState(db, auditId);
  const [queue, corrected, revisions] = await Promise.all([
    keptAdjudicationQueue(db, auditId),
    correctedOverview(db, auditId, access, { state }),
    auditRevisions(db, auditId, state),
  ]);
  if (!queue) throw notFoundError();
  return { organizer: access.organizer, audit: queue.audit, rows: queue.rows, corrected, revisions };
}

/**
 * One item to adjudicate, after the same check: every rater's ratings, comments and corrections
 * (loadAdjudicationItem; its view goes to the access log), its discussion, and the next item
 * not yet adjudicated. `address`: the client's, when a trusted proxy gave it.
 */
export async function loadAdjudicationCase({ db, user }: Context, auditId: string, auditItemId: string, address: string | null) {
  await authorizeAdjudication(db, user, auditId);
  const data = await loadAdjudicationItem(db, auditId, auditItemId, { userId: user.id, address });
  if (!data) throw notFoundError();
  const grant = await authorizeThread(db, user, auditId, auditItemId);
  const [queue, thread] = await Promise.all([keptAdjudicationQueue(db, auditId), listThread(db, grant)]);
  if (!queue) throw notFoundError();
  const next = queue.rows.find((r) => r.sampleOrder > data.sampleOrder && !r.adjudicated);
  return { ...data, thread, canPost: grant.canPost, nextAuditItemId: next?.auditItemId ?? null };
}
