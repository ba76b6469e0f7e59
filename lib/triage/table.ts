/**
 * The triage list's URL (the DataTable family's: ?page, size, sort, q, stratum) and one page of it.
 * A plain module: the server page, the CSV route and the client table read the same rules.
 */
import { MODEL_STRATA, type ModelStratum } from "../sampling/model-strata-keys";
import { rankTriage, TRIAGE_SORTS, type TriageRow, type TriageSort } from "./triage";

export const TRIAGE_TABLE = {
  sortable: TRIAGE_SORTS,
  filterIds: ["stratum"],
  filterValues: { stratum: MODEL_STRATA },
  defaultSort: { id: "disagreement", desc: true },
  defaultSize: 50,
} as const;

/** What the table's URL parser (components/data-table/search-params.ts) hands over. */
export interface TriageParams {
  page: number;
  pageSize: number;
  sort?: { id: string; desc: boolean };
  search?: string;
  filters: Record<string, string>;
}

/** The whole list in the URL's order and filters (the CSV's rows). */
export function rankedFor(rows: readonly TriageRow[], params: TriageParams): TriageRow[] {
  const sort = (params.sort ?? TRIAGE_TABLE.defaultSort) as { id: TriageSort; desc: boolean };
  return rankTriage(rows, {
    sort: sort.id,
    desc: sort.desc,
    stratum: params.filters.stratum as ModelStratum | undefined,
    search: params.search,
  });
}

/** One page of the ranked list, each row with its rank in the whole list. */
export function triagePage(rows: readonly TriageRow[], params: TriageParams): { rows: (TriageRow & { rank: number })[]; total: number } {
  const ranked = rankedFor(rows, params);
  const skip = (params.page - 1) * params.pageSize;
  const take = params.pageSize;
  return { rows: ranked.slice(skip, skip + take).map((r, i) => ({ ...r, rank: skip + i + 1 })), total: ranked.length };
}

/** The page's query without its paging: the CSV link downloads the whole list in the same order and filters. */
export function csvQuery(search: Record<string, string | string[] | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (typeof v === "string" && k !== "page" && k !== "size") q.set(k, v);
  return q.toString();
}
