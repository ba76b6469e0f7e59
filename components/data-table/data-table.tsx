"use client";

import { functionalUpdate, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { useTranslations } from "@/lib/i18n/client";
import { useMemo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { dataTableFeatures, type DataTableColumn, type DataTableFeatures } from "./columns";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableToolbar, type DataTableFilter } from "./data-table-toolbar";
import { pageCount as countPages, type PageSize, type TableSort } from "./search-params";
import { useRowLinks } from "./use-row-links";
import { useTableUrl, type TableView } from "./use-table-url";
import { Card } from "@/components/ui/card";

export type { DataTableFilter };

export interface DataTableProps<T extends RowData> {
  /** Build with createColumns<T>() at module scope (stable identity matters to v9). */
  columns: DataTableColumn<T>[];
  /** The current page only, already sorted/filtered by the server. */
  rows: T[];
  /** Rows matching the current search and filters, across all pages. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort?: TableSort;
  search?: string;
  filters?: DataTableFilter[];
  getRowId: (row: T) => string;
  /** Makes rows open a page on click or Enter. Still render a real link in the main cell for screen readers. */
  rowHref?: (row: T) => string;
  /** A data-testid per row, for lists the e2e flows address by record. */
  rowTestId?: (row: T) => string;
  /** Visually hidden; names the table for screen readers. */
  caption: string;
  emptyMessage?: ReactNode;
  /** Set false for lists where free-text search makes no sense. */
  searchable?: boolean;
  searchPlaceholder?: string;
  searchLabel?: string;
  /** Same values given to parseTableParams, so URLs omit them and stay canonical. */
  defaultSort?: TableSort;
  defaultPageSize?: PageSize;
}

// Module scope: v9 treats defaultColumn as a model input, so it must be stable.
// Sorting is opt-in per column because the server only orders by known columns.
const defaultColumn: Partial<ColumnDef<DataTableFeatures, RowData>> = { enableSorting: false };
const noFilters: DataTableFilter[] = [];

const focusRing = "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700";

export function DataTable<T extends RowData>({
  columns,
  rows,
  total,
  page,
  pageSize,
  sort,
  search,
  filters = noFilters,
  getRowId,
  rowHref,
  rowTestId,
  caption,
  emptyMessage,
  searchable = true,
  searchPlaceholder,
  searchLabel,
  defaultSort,
  defaultPageSize,
}: DataTableProps<T>) {
  const t = useTranslations("dataTable");
  const filterIds = useMemo(() => filters.map((f) => f.id), [filters]);
  const current = useMemo<TableView>(
    () => ({ page, pageSize, sort, search, filters: Object.fromEntries(filters.map((f) => [f.id, f.value])) }),
    [page, pageSize, sort, search, filters],
  );
  const { view, navigate, isPending } = useTableUrl(current, {
    defaultSize: defaultPageSize,
    defaultSort,
    filterIds,
  });

  // Controlled slices derived from the (optimistic) URL view; the table never owns them.
  const sorting = useMemo(() => (view.sort ? [view.sort] : []), [view.sort]);
  const pagination = useMemo(() => ({ pageIndex: view.page - 1, pageSize: view.pageSize }), [view.page, view.pageSize]);

  const table = useTable<DataTableFeatures, T>({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId, // read only when the row model is rebuilt (on new `data`), so an inline fn is fine
    // The cast only narrows TData; the value holds no row-typed members.
    defaultColumn: defaultColumn as Partial<ColumnDef<DataTableFeatures, T>>,
    state: { sorting, pagination },
    // Manual modes: the server already sorted and sliced `rows`.
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    // One column at a time, always asc/desc: a third "unsorted" click would just
    // land on the server default and look like nothing happened.
    enableMultiSort: false,
    enableSortingRemoval: false,
    // New rows arriving must never trigger a pagination change (that would navigate).
    autoResetPageIndex: false,
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting)[0];
      navigate({ ...view, sort: next ?? defaultSort, page: 1 });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      navigate({ ...view, page: next.pageIndex + 1, pageSize: next.pageSize });
    },
  });

  const leafCount = table.getAllLeafColumns().length;
  const tableRows = table.getRowModel().rows;

  const rowProps = useRowLinks(tableRows.length);

  return (
    <div>
      <DataTableToolbar
        searchable={searchable}
        search={view.search}
        searchLabel={searchLabel ?? t("search.label")}
        searchPlaceholder={searchPlaceholder ?? t("search.placeholder")}
        filters={filters}
        filterValues={view.filters}
        onSearch={(q) => navigate({ ...view, search: q || undefined, page: 1 })}
        onFilter={(id, value) => navigate({ ...view, filters: { ...view.filters, [id]: value }, page: 1 })}
        onClear={() =>
          navigate({
            ...view,
            search: undefined,
            filters: Object.fromEntries(filterIds.map((id) => [id, undefined])),
            page: 1,
          })
        }
      />

      {/* Own scroll box so the sticky header works; a plain overflow-x wrapper would defeat it. */}
      <Card padding="none" className="max-h-[70vh] overflow-auto">
        <table className="w-full border-collapse text-sm text-slate-800" aria-busy={isPending}>
          <caption className="sr-only">
            {caption}
            {rowHref ? ` ${t("rowKeys")}` : null}
          </caption>
          <thead className="sticky top-0 z-10 bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)]">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const meta = column.columnDef.meta;
                  const canSort = !header.isPlaceholder && column.getCanSort();
                  const sorted = column.getIsSorted();
                  const alignEnd = meta?.align === "end";
                  return (
                    <th
                      key={header.id}
                      scope={header.colSpan > 1 ? "colgroup" : "col"}
                      colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                      aria-sort={!canSort ? undefined : sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
                      className={cn(
                        "whitespace-nowrap px-3 py-2 text-xs font-semibold tracking-wide text-slate-600",
                        alignEnd ? "text-right" : "text-left",
                        meta?.className,
                      )}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          onClick={() => column.toggleSorting()}
                          className={cn(
                            "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-slate-900",
                            alignEnd && "flex-row-reverse",
                            sorted && "text-teal-800",
                            focusRing,
                          )}
                        >
                          <table.FlexRender header={header} />
                          {/* Shape, not colour, carries the direction; aria-sort tells screen readers. */}
                          <span aria-hidden="true" className={cn("w-3 text-center", !sorted && "text-slate-400")}>
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={cn("transition-opacity duration-150", isPending && "opacity-50")}>
            {tableRows.length === 0 ? (
              <tr>
                <td colSpan={leafCount} className="px-3 py-10 text-center text-slate-500">
                  {emptyMessage ?? t("empty")}
                </td>
              </tr>
            ) : (
              tableRows.map((row, index) => {
                const href = rowHref?.(row.original);
                return (
                  <tr
                    key={row.id}
                    {...rowProps(index, href)}
                    data-testid={rowTestId?.(row.original)}
                    className={cn(
                      "border-t border-slate-100 first:border-t-0",
                      href && "cursor-pointer hover:bg-slate-50 focus-visible:bg-teal-50/60",
                      href && focusRing,
                    )}
                  >
                    {row.getAllCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      return (
                        <td
                          key={cell.id}
                          className={cn("px-3 py-2 align-top", meta?.align === "end" && "text-right tabular-nums", meta?.className)}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </Card>

      <DataTablePagination
        page={view.page}
        pageSize={view.pageSize}
        pageCount={countPages(total, view.pageSize)}
        total={total}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        isPending={isPending}
        onFirst={() => table.firstPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
        onLast={() => table.lastPage()}
        onPageSizeChange={(size) => table.setPageSize(size)}
      />
    </div>
  );
}
