"use client";
import Link from "next/link";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";

export interface ItemListRow {
  id: string;
  externalId: string;
  kind: string;
  chapter: string | null;
  level: string | null;
  decisionPoint: number | null;
  ruleId: string | null;
  question: string;
  patientExternalId: string;
}

interface Facet { value: string; count: number }

const col = createColumns<ItemListRow>();

function columnsFor(datasetId: string) {
  return col.columns([
    col.accessor("externalId", {
      header: "Item",
      enableSorting: true,
      cell: (info) => (
        <Link href={`/datasets/${datasetId}/items/${info.row.original.id}`} className="font-medium text-teal-800 hover:underline">
          {info.getValue()}
        </Link>
      ),
    }),
    col.accessor("patientExternalId", { header: "Patient" }),
    col.accessor("chapter", { header: "Chapter / category", enableSorting: true, cell: (i) => i.getValue() ?? "—" }),
    col.accessor("level", { header: "Level", enableSorting: true, cell: (i) => i.getValue() ?? "—" }),
    col.accessor("decisionPoint", { header: "DP", enableSorting: true, meta: { align: "end" }, cell: (i) => i.getValue() ?? "—" }),
    col.accessor("question", { header: "Question", cell: (i) => <span className="line-clamp-2 max-w-xl">{i.getValue()}</span> }),
  ]);
}

const cache = new Map<string, ReturnType<typeof columnsFor>>();

export function ItemsTable(
  props: TableParams & { datasetId: string; rows: ItemListRow[]; total: number; facets: Record<"chapter" | "level" | "decisionPoint", Facet[]> },
) {
  // v9 wants stable column definitions: one per dataset.
  if (!cache.has(props.datasetId)) cache.set(props.datasetId, columnsFor(props.datasetId));
  const filter = (id: "chapter" | "level" | "decisionPoint", label: string) => ({
    id,
    label,
    options: props.facets[id].map((f) => ({ value: f.value, label: `${id === "decisionPoint" ? `DP${f.value}` : f.value} (${f.count})` })),
    value: props.filters[id],
  });
  return (
    <DataTable
      columns={cache.get(props.datasetId)!}
      rows={props.rows}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      sort={props.sort}
      search={props.search}
      defaultSort={{ id: "position", desc: false }}
      filters={[filter("chapter", "Chapter"), filter("level", "Level"), filter("decisionPoint", "Decision point")]}
      getRowId={(r) => r.id}
      rowHref={(r) => `/datasets/${props.datasetId}/items/${r.id}`}
      caption="Items of this dataset"
      emptyMessage="No items match these filters."
      searchPlaceholder="Search question, item or rule id…"
    />
  );
}
