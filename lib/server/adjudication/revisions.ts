import "server-only";
import type { Db } from "../../db/client";
import { type RevisionScope, revisionScope, summaryOver } from "../../adjudication/revision-summary";
import { itemKey, type Item } from "../../formats";
import type { ReportRevisions } from "../../reports/revisions";
import { datasetItems } from "./corrected-files";
import { correctedState, type CorrectedState } from "./corrected-state";
import { processWide } from "../../process-wide";
import { Kept } from "../reports/kept";

const kept = processWide("kept-revisions", () => new Kept<ReportRevisions>());

/**
 * The audit's revision summary: its accepted corrections per kind over what its sampled items
 * (every one, extensions included) hold of that kind. Reads the accepted decisions (as the
 * corrected export applies them) and the sampled items as imported. Null: no such audit.
 * `read`: the audit's correctedState when the caller reads it too (one read per request).
 */
export async function auditRevisions(
  db: Db,
  auditId: string,
  read: Promise<CorrectedState | null> = correctedState(db, auditId),
): Promise<ReportRevisions | null> {
  const state = await read;
  return state ? keptRevisions(db, state) : null;
}

/**
 * What the appendix paragraph needs: the summary once any correction is accepted, else null (the
 * paragraph then has no revisions sentence), so a page that polls reads no items until then.
 */
export async function acceptedRevisions(db: Db, auditId: string): Promise<ReportRevisions | null> {
  const state = await correctedState(db, auditId);
  return state?.decisions.length ? keptRevisions(db, state) : null;
}

/**
 * Kept per the corrected state's key (its decisions and the sample's size): the sampled items it
 * reads are a full review's whole benchmark, and the dashboard and the adjudication list ask for
 * it on every view.
 */
function keptRevisions(db: Db, state: CorrectedState): Promise<ReportRevisions> {
  return kept.get(state.auditId, state.key, () => stateRevisions(db, state));
}

/**
 * The revision summary of a corrected-export state (its decisions, its audit's sample): the
 * sample's denominators (kept per sample) and the items its decisions name, read now. A full
 * review's sample is 4,745 conversations (~10 MB of item JSON): read at every adjudication saved,
 * it held the server for a second when the dashboard or the adjudication list was next opened.
 */
export async function stateRevisions(db: Db, s: CorrectedState): Promise<ReportRevisions> {
  const [sample, changed] = await Promise.all([
    sampleScope(db, s),
    datasetItems(db, s.datasetId, [...new Set(s.decisions.map((d) => d.item))]),
  ]);
  const byKey = new Map<string, Item>(changed.map((i) => [itemKey(i), i]));
  return { summary: summaryOver(sample.scope, (key) => byKey.get(key), s.decisions), conversations: sample.conversations };
}

const scopes = processWide("kept-revision-scopes", () => new Kept<{ scope: RevisionScope; conversations: boolean }>());

/**
 * The denominators of the audit's sample, kept per the number of items sampled: a sample only
 * grows (an extension appends items), and the dataset's items never change after import.
 */
async function sampleScope(db: Db, s: CorrectedState): Promise<{ scope: RevisionScope; conversations: boolean }> {
  const sampled = await db.auditItem.count({ where: { auditId: s.auditId } });
  return scopes.get(s.auditId, `${s.datasetId}:${sampled}`, async () => {
    const items = await datasetItems(db, s.datasetId, { sampledBy: s.auditId });
    return {
      scope: revisionScope(new Map(items.map((i) => [itemKey(i), i]))),
      conversations: items.some((i) => i.kind === "conversation"),
    };
  });
}
