"use client";
import { useTranslations } from "@/lib/i18n/client";
import Link from "next/link";
import { useMemo } from "react";
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

interface Facet {
  value: string;
  count: number;
}
type FilterId = "chapter" | "level" | "decisionPoint";
type ItemsT = ReturnType<typeof useTranslations<"datasets.items">>;

const col = createColumns<ItemListRow>();

function columnsFor(datasetId: string, t: ItemsT) {
  return col.columns([
    col.accessor("externalId", {
      header: t("columns.item"),
      enableSorting: true,
      cell: (info) => (
        <Link href={`/datasets/${datasetId}/items/${info.row.original.id}`} className="font-medium text-teal-800 hover:underline">
          {info.getValue()}
        </Link>
      ),
    }),
    col.accessor("patientExternalId", { header: t("columns.patient") }),
    col.accessor("chapter", { header: t("columns.chapter"), enableSorting: true, cell: (i) => i.getValue() ?? "—" }),
    col.accessor("level", { header: t("columns.level"), enableSorting: true, cell: (i) => i.getValue() ?? "—" }),
    col.accessor("decisionPoint", {
      header: t("columns.decisionPoint"),
      enableSorting: true,
      meta: { align: "end" },
      cell: (i) => i.getValue() ?? "—",
    }),
    col.accessor("question", { header: t("columns.question"), cell: (i) => <span className="line-clamp-2 max-w-xl">{i.getValue()}</span> }),
  ]);
}

export function ItemsTable(
  props: TableParams & { datasetId: string; rows: ItemListRow[]; total: number; facets: Record<FilterId, Facet[]> },
) {
  const t = useTranslations("datasets.items");
  // v9 wants stable column definitions: one per dataset and language.
  const columns = useMemo(() => columnsFor(props.datasetId, t), [props.datasetId, t]);
  const filter = (id: FilterId) => ({
    id,
    label: t(`filters.${id}`),
    options: props.facets[id].map((f) => ({
      value: f.value,
      label: id === "decisionPoint" ? t("decisionPoint", { value: f.value }) : f.value,
      count: f.count,
    })),
    value: props.filters[id],
  });
  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      sort={props.sort}
      search={props.search}
      defaultSort={{ id: "position", desc: false }}
      filters={[filter("chapter"), filter("level"), filter("decisionPoint")]}
      getRowId={(r) => r.id}
      rowHref={(r) => `/datasets/${props.datasetId}/items/${r.id}`}
      caption={t("caption")}
      emptyMessage={t("empty")}
      searchPlaceholder={t("searchPlaceholder")}
    />
  );
}
