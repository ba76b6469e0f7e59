import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";

/** Per-column presentation hints read by DataTable. */
export interface DataTableColumnMeta {
  /** "end" right-aligns numbers so digits line up; default "start". */
  align?: "start" | "end";
  /** Extra classes for both the header and body cells of this column (e.g. a width). */
  className?: string;
}

/**
 * The one feature set every app table uses. Only sorting and pagination are
 * registered: the server does the row processing (manual modes), so no client
 * row-model slots are needed. Search and filters live purely in the URL.
 * Kept at module scope because v9 requires a stable `features` object.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/**
 * A column definition accepted by DataTable. `any` value type on purpose: a
 * list of heterogeneous columns cannot share one TValue (see helper.columns()).
 */
// biome-ignore lint/suspicious/noExplicitAny: TanStack's own helper.columns() types its list as ColumnDef<…, any>; unknown would reject every typed column
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/**
 * Column helper bound to the table's features, so `meta` is typed and sorting
 * options are available. Columns are NOT sortable unless they opt in with
 * `enableSorting: true` — the server only knows how to order by some columns,
 * and those ids must match `sortable` passed to parseTableParams.
 *
 * Define columns at module scope in a "use client" file: cell renderers are
 * functions, which cannot cross the server → client boundary as props.
 *
 * @example
 * const col = createColumns<Run>();
 * export const runColumns = col.columns([
 *   col.accessor("name", { header: "Name", enableSorting: true }),
 *   col.accessor("items", { header: "Items", meta: { align: "end" } }),
 * ]);
 */
export function createColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}
