/**
 * A server-rendered pager for long lists inside a page (the dashboard's disagreements and comments,
 * a rater's queue): plain links that change one search parameter, so a full review's 16,000 rows
 * never reach the browser at once and every page is bookmarkable. The words are the data table's.
 */
import Link from "next/link";
import { useLocale } from "@/lib/i18n/client";
import { useTranslations } from "@/lib/i18n/server";
import { formatCount, pageCount, visibleRange } from "../data-table/search-params";

import { buttonVariants } from "./button";

const LINK = buttonVariants({ variant: "secondary", size: "sm", className: "h-8 px-2 font-normal" });

export function PageLinks({ total, page, size, href }: { total: number; page: number; size: number; href: (page: number) => string }) {
  const t = useTranslations("dataTable.pagination");
  const locale = useLocale();
  const n = (value: number) => formatCount(value, locale);
  const pages = pageCount(total, size);
  if (pages <= 1) return null;
  const range = visibleRange(page, size, total);
  const step = (to: number, label: string, text: string) =>
    to >= 1 && to <= pages && to !== page ? (
      <Link href={href(to)} className={LINK} aria-label={label} scroll={false}>
        {text}
      </Link>
    ) : (
      <span className={`${LINK} opacity-40`} aria-hidden="true">
        {text}
      </span>
    );
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm text-slate-600">
      <p className="tabular-nums">
        {range.kind === "rows" ? t("rows", { from: n(range.from), to: n(range.to), total: n(range.total) }) : t("none")}
      </p>
      <div className="flex items-center gap-1">
        {step(1, t("first"), "«")}
        {step(page - 1, t("previous"), `‹ ${t("previous")}`)}
        <span className="px-2 tabular-nums">{t("page", { page: n(page), pageCount: n(pages) })}</span>
        {step(page + 1, t("next"), `${t("next")} ›`)}
        {step(pages, t("last"), "»")}
      </div>
    </nav>
  );
}
