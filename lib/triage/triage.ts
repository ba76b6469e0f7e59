/**
 * The triage list (issue #34 part 3): the items of an audit, or of a dataset with imported
 * predictions, ranked by how many models disagree with the gold answer and, once rated, by the
 * latent-class (Dawid–Skene) probability that the gold answer is wrong. Organizers' eyes only.
 * Pure: the server assembles the rows from what it keeps (lib/server/triage), this ranks, filters,
 * pages and writes them as CSV. Every order ends on the item id, so a page is stable.
 */
import { csvText, type CsvValue } from "../csv";
import { MODEL_STRATA, type ModelStratum } from "../sampling/model-strata-keys";

export interface TriageRow {
  /** The sampled item (audit triage) or the dataset item (dataset triage): what the row links to. */
  id: string;
  externalId: string;
  /** Place in the audit's sample; null on a dataset's list. */
  sampleOrder: number | null;
  /** Model-disagreement stratum: the recorded one of a model-guided sample, else from the counts. */
  stratum: ModelStratum | null;
  /** Models of the prediction set that predicted the item, and of those the ones that disagree. */
  models: number | null;
  disagreeing: number | null;
  /** The majority label of the dimension; null while unrated. */
  majority: string | null;
  /** P(gold is wrong): the latent-class posterior of the error category; null while unrated. */
  pError: number | null;
}

export const TRIAGE_SORTS = ["disagreement", "pError", "sampleOrder", "externalId"] as const;
export type TriageSort = (typeof TRIAGE_SORTS)[number];

/** null (no predictions, not rated) ranks below every number, whichever the direction. */
function byNumber(a: number | null, b: number | null, desc: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return desc ? b - a : a - b;
}

function share(r: TriageRow): number | null {
  return r.models ? (r.disagreeing ?? 0) / r.models : null;
}

/** Models that disagree, then their share of the models that answered, then P(error). */
function byDisagreement(a: TriageRow, b: TriageRow, desc: boolean): number {
  return byNumber(a.disagreeing, b.disagreeing, desc) || byNumber(share(a), share(b), desc) || byNumber(a.pError, b.pError, true);
}

function compare(a: TriageRow, b: TriageRow, sort: TriageSort, desc: boolean): number {
  switch (sort) {
    case "disagreement":
      return byDisagreement(a, b, desc);
    case "pError":
      return byNumber(a.pError, b.pError, desc) || byDisagreement(a, b, true);
    case "sampleOrder":
      return byNumber(a.sampleOrder, b.sampleOrder, desc);
    case "externalId":
      return desc ? cmp(b.externalId, a.externalId) : cmp(a.externalId, b.externalId);
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface TriageQuery {
  sort: TriageSort;
  desc: boolean;
  stratum?: ModelStratum;
  /** A piece of the item's benchmark id. */
  search?: string;
}

/** The rows that pass the filters, in the requested order (ties: benchmark id, then row id). */
export function rankTriage(rows: readonly TriageRow[], q: TriageQuery): TriageRow[] {
  const needle = q.search?.toLowerCase();
  return rows
    .filter((r) => (q.stratum === undefined || r.stratum === q.stratum) && (!needle || r.externalId.toLowerCase().includes(needle)))
    .sort((a, b) => compare(a, b, q.sort, q.desc) || cmp(a.externalId, b.externalId) || cmp(a.id, b.id));
}

/** Rows per stratum, in the strata's order (the filter's counts). */
export function strataCounts(rows: readonly TriageRow[]): { value: ModelStratum; count: number }[] {
  const counts = new Map<ModelStratum, number>();
  for (const r of rows) if (r.stratum) counts.set(r.stratum, (counts.get(r.stratum) ?? 0) + 1);
  return MODEL_STRATA.filter((k) => counts.has(k)).map((k) => ({ value: k, count: counts.get(k)! }));
}

/** The list as CSV, in the order given: what an organizer takes to a spreadsheet. */
export function triageCsv(rows: readonly TriageRow[]): string {
  const out: CsvValue[][] = [["rank", "item", "sample_order", "stratum", "models", "models_disagreeing", "majority", "p_error"]];
  rows.forEach((r, i) => {
    out.push([i + 1, r.externalId, r.sampleOrder, r.stratum, r.models, r.disagreeing, r.majority, r.pError]);
  });
  return csvText(out);
}
