"use client";

import { useId } from "react";
import { formatCount, PAGE_SIZES, rangeSummary } from "./search-params";

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

const buttonClass =
  "inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 " +
  "text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white";

export function DataTablePagination(props: DataTablePaginationProps) {
  const sizeId = useId();
  const { page, pageSize, pageCount, total, isPending } = props;

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 px-1 py-3 text-sm text-slate-600"
    >
      {/* Live so screen-reader users hear the outcome of a sort/filter/page change. */}
      <p aria-live="polite" className="tabular-nums">
        {rangeSummary(page, pageSize, total)}
        {isPending ? <span className="ml-2 text-slate-500">· Updating…</span> : null}
      </p>

      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>Rows per page</label>
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

        <span className="tabular-nums">
          Page {formatCount(page)} of {formatCount(pageCount)}
        </span>

        <div className="flex items-center gap-1">
          <button type="button" className={buttonClass} onClick={props.onFirst} disabled={!props.canPrevious} aria-label="First page" title="First page">
            <span aria-hidden="true">«</span>
          </button>
          <button type="button" className={buttonClass} onClick={props.onPrevious} disabled={!props.canPrevious}>
            <span aria-hidden="true">‹</span> Previous
          </button>
          <button type="button" className={buttonClass} onClick={props.onNext} disabled={!props.canNext}>
            Next <span aria-hidden="true">›</span>
          </button>
          <button type="button" className={buttonClass} onClick={props.onLast} disabled={!props.canNext} aria-label="Last page" title="Last page">
            <span aria-hidden="true">»</span>
          </button>
        </div>
      </div>
    </nav>
  );
}
