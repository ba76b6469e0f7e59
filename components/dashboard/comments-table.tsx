import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { CommentRow } from "@/lib/reports/comments";
import { pageOf } from "../data-table/search-params";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { ITEM_ROWS, Table } from "../ui/table";
import { PageLinks } from "../ui/page-links";

const COMMENTS_PAGE = 25;
/** Up to this many dimensions, each has its own column. */
const COLUMNS_PER_DIMENSION_UP_TO = 3;

export interface CommentDimension {
  key: string;
  label: string;
  categories: { key: string; label: string }[];
}

/** The comments' filters as search parameters (a GET form), so that only one page reaches the browser. */
export const COMMENT_PARAMS = { item: "c_item", rater: "c_rater", category: "c_cat", page: "c_page" } as const;

export interface CommentFilters {
  /** Part of the item's id, any case. */
  item: string;
  /** A rater's label; "" for all. */
  rater: string;
  /** `${dimension}|${category}`: comments whose rater gave that category; "" for all. */
  category: string;
}

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export function commentFilters(search: Search): CommentFilters {
  return {
    item: one(search[COMMENT_PARAMS.item]).slice(0, 200),
    rater: one(search[COMMENT_PARAMS.rater]).slice(0, 100),
    category: one(search[COMMENT_PARAMS.category]).slice(0, 200),
  };
}

export function filterComments(rows: readonly CommentRow[], f: CommentFilters): CommentRow[] {
  const item = f.item.trim().toLowerCase();
  const cut = f.category.lastIndexOf("|");
  const [dimension, category] = cut > 0 ? [f.category.slice(0, cut), f.category.slice(cut + 1)] : [null, null];
  return rows.filter(
    (r) =>
      (!item || r.externalId.toLowerCase().includes(item)) &&
      (!f.rater || r.rater === f.rater) &&
      (dimension === null || r.ratings[dimension] === category),
  );
}

/**
 * Every rater's comment with the rater's own ratings beside it, filterable by item, rater and
 * category. Rendered on the server, a page of 25 at a time: a full review has thousands of
 * comments, and sending them all to the browser made the dashboard's payload megabytes. The
 * filters are a plain GET form (every other parameter of the page kept). Organizers only: while
 * the audit is open this is other raters' text.
 */
export function CommentsTable({
  rows,
  dimensions,
  itemPath,
  path,
  search,
  pageHref,
}: {
  rows: CommentRow[];
  dimensions: CommentDimension[];
  /** The organizer's item page path, to which the audit item id is appended. */
  itemPath: string;
  /** The page the form submits to, and its current search parameters. */
  path: string;
  search: Search;
  pageHref: (page: number) => string;
}) {
  const t = useTranslations("dashboard.comments");
  const format = useFormatter();
  const filters = commentFilters(search);
  const raters = [...new Set(rows.map((r) => r.rater))].sort();
  const shown = filterComments(rows, filters);
  const { rows: visible, page } = pageOf(shown, Number(one(search[COMMENT_PARAMS.page])) || 1, COMMENTS_PAGE);
  const ours = new Set<string>(Object.values(COMMENT_PARAMS));
  const kept = Object.entries(search).flatMap(([k, v]) => (typeof v === "string" && !ours.has(k) ? [[k, v] as const] : []));
  const labelOf = (d: CommentDimension, key: string | null) =>
    key === null ? "—" : (d.categories.find((c) => c.key === key)?.label ?? key);
  const field = "rounded-md border border-slate-300 px-2 py-1";
  // A conversation audit has a column per turn and dimension: then one cell lists the ratings
  // given, so that the comment stays on screen.
  const compact = dimensions.length > COLUMNS_PER_DIMENSION_UP_TO;

  return (
    <Card as="section" aria-labelledby="comments-heading" raised data-testid="comments-view">
      <h2 id="comments-heading" className="scroll-mt-4 text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-xs text-slate-600" data-testid="comments-summary">
        {rows.length === 0 ? t("none") : t("summary", { shown: shown.length, total: rows.length })}
      </p>
      {rows.length > 0 && (
        <>
          <form method="get" action={`${path}#comments-heading`} className="mt-3 flex flex-wrap items-end gap-3 text-sm">
            {kept.map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium text-slate-700">{t("filterItem")}</span>
              <input className={field} name={COMMENT_PARAMS.item} defaultValue={filters.item} maxLength={200} />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium text-slate-700">{t("filterRater")}</span>
              <select className={field} name={COMMENT_PARAMS.rater} defaultValue={filters.rater}>
                <option value="">{t("all")}</option>
                {raters.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium text-slate-700">{t("filterCategory")}</span>
              <select className={field} name={COMMENT_PARAMS.category} defaultValue={filters.category}>
                <option value="">{t("all")}</option>
                {dimensions.map((d) => (
                  <optgroup key={d.key} label={d.label}>
                    {d.categories.map((c) => (
                      <option key={c.key} value={`${d.key}|${c.key}`}>{`${d.label}: ${c.label}`}</option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary" size="sm">
              {t("apply")}
            </Button>
          </form>
          <Table variant="report" className={cn("mt-3", ITEM_ROWS)} scroll={false}>
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  {t("item")}
                </th>
                <th scope="col" className="text-left">
                  {t("rater")}
                </th>
                {compact ? (
                  <th scope="col" className="text-left">
                    {t("ratings")}
                  </th>
                ) : (
                  dimensions.map((d) => (
                    <th key={d.key} scope="col" className="text-left">
                      {d.label}
                    </th>
                  ))
                )}
                <th scope="col" className="text-left">
                  {t("comment")}
                </th>
                <th scope="col" className="text-left">
                  {t("savedAt")}
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((r) => (
                <tr key={`${r.itemId}-${r.rater}`} className="align-top">
                  <th scope="row">
                    <a href={`${itemPath}${r.itemId}`}>{r.externalId}</a>
                  </th>
                  <td>{r.rater}</td>
                  {compact ? (
                    // One line per rating given, as text: a full review's page of comments had
                    // a list item and a span per rating (hundreds of elements).
                    <td className="whitespace-pre-line text-xs">
                      {dimensions
                        .filter((d) => r.ratings[d.key] != null)
                        .map((d) => `${d.label}: ${labelOf(d, r.ratings[d.key] ?? null)}`)
                        .join("\n")}
                    </td>
                  ) : (
                    dimensions.map((d) => <td key={d.key}>{labelOf(d, r.ratings[d.key] ?? null)}</td>)
                  )}
                  <td className="max-w-prose whitespace-pre-wrap break-words ">{r.text}</td>
                  <td className="whitespace-nowrap text-xs text-slate-600">
                    {r.savedAt ? format.dateTime(new Date(r.savedAt), { dateStyle: "medium", timeStyle: "short" }) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <div className="mt-2">
            <PageLinks total={shown.length} page={page} size={COMMENTS_PAGE} href={pageHref} />
          </div>
        </>
      )}
    </Card>
  );
}
