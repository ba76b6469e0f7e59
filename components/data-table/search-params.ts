/**
 * URL <-> table state for server-driven lists. Pure (no React, no Next) so server
 * pages, client components and tests share exactly one interpretation of the URL.
 *
 * URL shape: ?page=2&size=50&sort=-createdAt&q=sepsis&<filterId>=<value>
 * Defaults are omitted when writing so bookmarkable URLs stay short and canonical.
 */

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** Keys the table owns; filter ids may not reuse them or they would clobber each other. */
export const RESERVED_PARAMS = ["page", "size", "sort", "q"] as const;

/** Long enough for any real query; stops pasted essays from reaching the database. */
export const MAX_SEARCH_LENGTH = 200;

export interface TableSort {
  id: string;
  desc: boolean;
}

export interface TableParams {
  /** 1-based. */
  page: number;
  pageSize: PageSize;
  sort?: TableSort;
  /** Trimmed; undefined when blank so queries can skip the clause. */
  search?: string;
  /** Only filters present in the URL with an accepted value. */
  filters: Record<string, string>;
}

export interface ParseTableParamsOptions {
  /** Column ids the server query knows how to order by. Anything else falls back to defaultSort. */
  sortable: readonly string[];
  /** Search-param names read as filters. */
  filterIds?: readonly string[];
  /** Optional allow-list per filter id; unknown values are dropped rather than queried. */
  filterValues?: Readonly<Record<string, readonly string[]>>;
  defaultSort?: TableSort;
  defaultSize?: PageSize;
}

export type RawSearchParams = Record<string, string | string[] | undefined>;

/** Next gives repeated keys as arrays; the table only ever writes one value, so take the first. */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parsePositiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number.parseInt(value.trim(), 10);
}

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

function assertFilterIds(filterIds: readonly string[]): void {
  for (const id of filterIds) {
    if ((RESERVED_PARAMS as readonly string[]).includes(id)) {
      // A programming error, not user input: fail loudly in development and tests.
      throw new Error(`Filter id "${id}" clashes with a reserved table search param.`);
    }
  }
}

/** "col" → ascending, "-col" → descending. */
export function parseSort(value: string | undefined): TableSort | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  const desc = raw.startsWith("-");
  const id = desc ? raw.slice(1) : raw;
  return id ? { id, desc } : undefined;
}

export function formatSort(sort: TableSort): string {
  return sort.desc ? `-${sort.id}` : sort.id;
}

function sameSort(a: TableSort | undefined, b: TableSort | undefined): boolean {
  return a?.id === b?.id && !!a?.desc === !!b?.desc;
}

export function parseTableParams(searchParams: RawSearchParams, options: ParseTableParamsOptions): TableParams {
  const filterIds = options.filterIds ?? [];
  assertFilterIds(filterIds);

  const page = Math.max(1, parsePositiveInt(first(searchParams.page)) ?? 1);

  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const size = parsePositiveInt(first(searchParams.size));
  const pageSize = size !== undefined && isPageSize(size) ? size : defaultSize;

  const requested = parseSort(first(searchParams.sort));
  const sort = requested && options.sortable.includes(requested.id) ? requested : options.defaultSort;

  const q = first(searchParams.q)?.trim().slice(0, MAX_SEARCH_LENGTH);
  const search = q ? q : undefined;

  const filters: Record<string, string> = {};
  for (const id of filterIds) {
    const value = first(searchParams[id])?.trim();
    if (!value) continue;
    const allowed = options.filterValues?.[id];
    if (allowed && !allowed.includes(value)) continue;
    filters[id] = value;
  }

  return { page, pageSize, sort, search, filters };
}

export interface ToSearchParamsOptions {
  /**
   * Existing params to keep (e.g. a tab or unrelated state on the same page).
   * Table-owned keys in it are replaced, never merged.
   */
  base?: URLSearchParams | string | RawSearchParams;
  /** Written values equal to these defaults are omitted, keeping one canonical URL per view. */
  defaultSize?: PageSize;
  defaultSort?: TableSort;
  /** Filter ids to clear from `base` even when absent from `params.filters`. */
  filterIds?: readonly string[];
}

function toURLSearchParams(base: ToSearchParamsOptions["base"]): URLSearchParams {
  if (base === undefined) return new URLSearchParams();
  if (typeof base === "string" || base instanceof URLSearchParams) return new URLSearchParams(base);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(base)) {
    if (Array.isArray(value)) value.forEach((v) => out.append(key, v));
    else if (value !== undefined) out.append(key, value);
  }
  return out;
}

/**
 * Builds the query string for a table view. Omitted fields count as "default", so
 * `toSearchParams({ ...params, page: 3 })` and `toSearchParams({ filters: { status: "open" } })`
 * both work. A filter set to undefined or "" is removed.
 */
export function toSearchParams(
  params: Partial<Omit<TableParams, "pageSize" | "filters">> & {
    pageSize?: number;
    filters?: Record<string, string | undefined>;
  },
  options: ToSearchParamsOptions = {},
): URLSearchParams {
  const out = toURLSearchParams(options.base);
  const filterKeys = new Set([...(options.filterIds ?? []), ...Object.keys(params.filters ?? {})]);
  assertFilterIds([...filterKeys]);
  for (const key of [...RESERVED_PARAMS, ...filterKeys]) out.delete(key);

  const search = params.search?.trim();
  if (search) out.set("q", search.slice(0, MAX_SEARCH_LENGTH));
  for (const [id, value] of Object.entries(params.filters ?? {})) {
    if (value) out.set(id, value);
  }
  if (params.sort && !sameSort(params.sort, options.defaultSort)) {
    out.set("sort", formatSort(params.sort));
  }
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  if (params.pageSize !== undefined && params.pageSize !== defaultSize) {
    out.set("size", String(params.pageSize));
  }
  if (params.page !== undefined && params.page > 1) out.set("page", String(Math.floor(params.page)));
  return out;
}

/** Convenience for links: "/runs" or "/runs?sort=-createdAt&page=2". */
export function tableHref(pathname: string, params: Parameters<typeof toSearchParams>[0], options?: ToSearchParamsOptions): string {
  const qs = toSearchParams(params, options).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Number of pages for a result set; at least 1 so "page 1 of 1" reads sensibly when empty. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** skip/take for Prisma-style queries. */
export function toSkipTake(params: Pick<TableParams, "page" | "pageSize">): { skip: number; take: number } {
  return { skip: (params.page - 1) * params.pageSize, take: params.pageSize };
}

// One formatter per locale. The locale comes from the intl provider (useLocale), which gives the
// server render and the client the same value, so both format identically (no hydration mismatch).
const countFormats = new Map<string, Intl.NumberFormat>();
export function formatCount(n: number, locale: string): string {
  let format = countFormats.get(locale);
  if (!format) countFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

/** What a page shows of the result set; the words are the caller's (they depend on the language). */
export type VisibleRange =
  | { kind: "none" }
  | { kind: "pastEnd"; total: number }
  | { kind: "rows"; from: number; to: number; total: number };

/** The 1-based rows a page shows: "Showing 21–40 of 137". */
export function visibleRange(page: number, pageSize: number, total: number): VisibleRange {
  if (total <= 0) return { kind: "none" };
  const start = (page - 1) * pageSize;
  // A bookmarked page can outlive its rows (items closed since); say so plainly.
  if (start >= total) return { kind: "pastEnd", total };
  return { kind: "rows", from: start + 1, to: Math.min(start + pageSize, total), total };
}

/** The rows of one page (1-based, clamped to the last page) of a list. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number } {
  const last = pageCount(rows.length, size);
  const at = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return { rows: rows.slice((at - 1) * size, at * size), page: at };
}

/** A page number from a search parameter: a positive integer, else 1. */
export function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** A link to `path` with some search parameters set (or left out: null), every other one kept. */
export function searchHref(
  path: string,
  search: Record<string, string | string[] | undefined>,
  changes: Record<string, string | null>,
  hash = "",
): string {
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (typeof v === "string" && !Object.hasOwn(changes, k)) next.set(k, v);
  for (const [k, v] of Object.entries(changes)) if (v !== null) next.set(k, v);
  const query = next.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
}

/** Links to `path` with one search parameter set to a value (or left out: null), every other one kept. */
export function paramLinks(path: string, search: Record<string, string | string[] | undefined>, param: string, hash = "") {
  return (value: string | null) => searchHref(path, search, { [param]: value }, hash);
}

/** Links to the pages of one list on `path`: its own parameter changed (page 1: left out), every other one kept. */
export function pageLinks(path: string, search: Record<string, string | string[] | undefined>, param: string, hash = "") {
  const link = paramLinks(path, search, param, hash);
  return (page: number) => link(page > 1 ? String(page) : null);
}
