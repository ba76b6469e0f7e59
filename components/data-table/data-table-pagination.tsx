"use client";

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useId } from "react";
import { Button } from "../ui/button";
import { formatCount, PAGE_SIZES, visibleRange } from "./search-params";

export interface DataTablePaginationProps {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
  isPending: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
  onPageSizeChange: (size: number) => void;
}

// A pager button: the house secondary button, square-ish and faded when there is no page that way.
const pager = "h-8 min-w-8 gap-1 px-2 font-normal text-slate-700 disabled:opacity-40 disabled:hover:bg-white";

export function DataTablePagination(props: DataTablePaginationProps) {
  const sizeId = useId();
  const { page, pageSize, pageCount, total, isPending } = props;
  const t = useTranslations("dataTable.pagination");
  const locale = useLocale();
  const n = (value: number) => formatCount(value, locale);
  const range = visibleRange(page, pageSize, total);

  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center justify-between gap-3 px-1 py-3 text-sm text-slate-600">
      {/* Live so screen-reader users hear the outcome of a sort/filter/page change. */}
      <p aria-live="polite" className="tabular-nums">
        {range.kind === "none"
          ? t("none")
          : range.kind === "pastEnd"
            ? t("pastEnd", { total: n(range.total) })
            : t("rows", { from: n(range.from), to: n(range.to), total: n(range.total) })}
        {isPending ? <span className="ml-2 text-slate-500">· {t("updating")}</span> : null}
      </p>

      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>{t("rowsPerPage")}</label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(e) => props.onPageSizeChange(Number(e.target.value))}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>

        <span className="tabular-nums">{t("page", { page: n(page), pageCount: n(pageCount) })}</span>

        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            className={pager}
            onClick={props.onFirst}
            disabled={!props.canPrevious}
            aria-label={t("first")}
            title={t("first")}
          >
            <span aria-hidden="true">«</span>
          </Button>
          <Button variant="secondary" size="sm" className={pager} onClick={props.onPrevious} disabled={!props.canPrevious}>
            <span aria-hidden="true">‹</span> {t("previous")}
          </Button>
          <Button variant="secondary" size="sm" className={pager} onClick={props.onNext} disabled={!props.canNext}>
            {t("next")} <span aria-hidden="true">›</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className={pager}
            onClick={props.onLast}
            disabled={!props.canNext}
            aria-label={t("last")}
            title={t("last")}
          >
            <span aria-hidden="true">»</span>
          </Button>
        </div>
      </div>
    </nav>
  );
}
