"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { CommentRow } from "@/lib/reports/comments";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

const COMMENTS_PAGE = 50;

export interface CommentDimension {
  key: string;
  label: string;
  categories: { key: string; label: string }[];
}

/**
 * Every rater's comment with the rater's own ratings beside it, filterable by item, rater and
 * category. Organizers only: while the audit is open this is other raters' text.
 */
/** `itemPath`: the organizer's item page path, to which the audit item id is appended (a string: a client component takes no functions from the server). */
export function CommentsTable({ rows, dimensions, itemPath }: { rows: CommentRow[]; dimensions: CommentDimension[]; itemPath: string }) {
  const t = useTranslations("dashboard.comments");
  const format = useFormatter();
  const [item, setItem] = useState("");
  const [rater, setRater] = useState("");
  const [category, setCategory] = useState("");
  const [page, setPage] = useState(1);
  const raters = useMemo(() => [...new Set(rows.map((r) => r.rater))], [rows]);
  const shown = rows.filter((r) => {
    if (item && !r.externalId.toLowerCase().includes(item.trim().toLowerCase())) return false;
    if (rater && r.rater !== rater) return false;
    if (category) {
      const [dimension, key] = category.split("\u0000");
      if (r.ratings[dimension!] !== key) return false;
    }
    return true;
  });
  // A full review has thousands of comments: a page of them in the document at a time.
  const pages = Math.max(1, Math.ceil(shown.length / COMMENTS_PAGE));
  const at = Math.min(page, pages);
  const visible = shown.slice((at - 1) * COMMENTS_PAGE, at * COMMENTS_PAGE);
  const tp = useTranslations("dataTable.pagination");
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  const labelOf = (d: CommentDimension, key: string | null) =>
    key === null ? "—" : (d.categories.find((c) => c.key === key)?.label ?? key);

  return (
    <Card as="section" aria-labelledby="comments-heading" raised data-testid="comments-view">
      <h2 id="comments-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-xs text-slate-600">{rows.length === 0 ? t("none") : t("summary", { shown: shown.length, total: rows.length })}</p>
      {rows.length > 0 && (
        <>
          <div className="mt-3 flex flex-wrap items-end gap-3 text-sm">
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium text-slate-700">{t("filterItem")}</span>
              <input
                className="rounded-md border border-slate-300 px-2 py-1"
                value={item}
                onChange={(e) => filter(setItem)(e.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium text-slate-700">{t("filterRater")}</span>
              <select
                className="rounded-md border border-slate-300 px-2 py-1"
                value={rater}
                onChange={(e) => filter(setRater)(e.target.value)}
              >
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
              <select
                className="rounded-md border border-slate-300 px-2 py-1"
                value={category}
                onChange={(e) => filter(setCategory)(e.target.value)}
              >
                <option value="">{t("all")}</option>
                {dimensions.map((d) => (
                  <optgroup key={d.key} label={d.label}>
                    {d.categories.map((c) => (
                      <option key={c.key} value={`${d.key}\u0000${c.key}`}>{`${d.label}: ${c.label}`}</option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
          </div>
          <table className="mt-3 w-full border-collapse text-sm text-slate-800">
            <thead className="border-b border-slate-300 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  {t("item")}
                </th>
                <th scope="col" className="px-2 py-1 text-left">
                  {t("rater")}
                </th>
                {dimensions.map((d) => (
                  <th key={d.key} scope="col" className="px-2 py-1 text-left">
                    {d.label}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1 text-left">
                  {t("comment")}
                </th>
                <th scope="col" className="px-2 py-1 text-left">
                  {t("savedAt")}
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((r) => (
                <tr key={`${r.itemId}-${r.rater}`} className="border-t border-slate-100 align-top">
                  <th scope="row" className="px-2 py-1 text-left font-mono font-normal">
                    <a href={`${itemPath}${r.itemId}`} className="text-teal-800 underline-offset-2 hover:underline">
                      {r.externalId}
                    </a>
                  </th>
                  <td className="px-2 py-1">{r.rater}</td>
                  {dimensions.map((d) => (
                    <td key={d.key} className="px-2 py-1">
                      {labelOf(d, r.ratings[d.key] ?? null)}
                    </td>
                  ))}
                  <td className="max-w-prose whitespace-pre-wrap break-words px-2 py-1">{r.text}</td>
                  <td className="whitespace-nowrap px-2 py-1 text-xs text-slate-600">
                    {r.savedAt ? format.dateTime(new Date(r.savedAt), { dateStyle: "medium", timeStyle: "short" }) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <nav aria-label={tp("label")} className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              <Button variant="secondary" size="sm" disabled={at <= 1} onClick={() => setPage(at - 1)}>
                ‹ {tp("previous")}
              </Button>
              <span className="tabular-nums">{tp("page", { page: format.number(at), pageCount: format.number(pages) })}</span>
              <Button variant="secondary" size="sm" disabled={at >= pages} onClick={() => setPage(at + 1)}>
                {tp("next")} ›
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}
