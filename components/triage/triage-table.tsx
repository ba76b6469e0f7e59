"use client";
/**
 * The triage list (lib/triage): one server page of ranked items, sortable by model disagreement,
 * P(error), sample order and id, filterable by stratum, each row linking to the item. Organizers
 * and admins only (the page decides).
 */
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import Link from "next/link";
import { useMemo } from "react";
import type { ModelStratum } from "@/lib/sampling/model-strata-keys";
import type { TriageRow } from "@/lib/triage/triage";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";

export type TriageTableRow = TriageRow & { rank: number; href: string; majorityLabel: string | null };

const col = createColumns<TriageTableRow>();

function columnsFor(t: ReturnType<typeof useTranslations<"audits">>, percent: (x: number) => string, sampled: boolean) {
  return col.columns([
    col.accessor("rank", { header: t("triage.columns.rank"), meta: { align: "end" } }),
    col.accessor("externalId", {
      header: t("triage.columns.item"),
      enableSorting: true,
      cell: (info) => (
        <Link href={info.row.original.href} className="font-medium text-teal-800 hover:underline">
          {info.getValue()}
        </Link>
      ),
    }),
    col.accessor("stratum", {
      header: t("triage.columns.stratum"),
      cell: (i) => (i.getValue() ? t(`modelGuided.strata.${i.getValue()!}`) : "—"),
    }),
    col.accessor("disagreeing", {
      id: "disagreement",
      header: t("triage.columns.disagreement"),
      enableSorting: true,
      meta: { align: "end" },
      cell: (i) =>
        i.row.original.models === null
          ? "—"
          : t("triage.disagreementCell", { disagreeing: i.getValue() ?? 0, models: i.row.original.models }),
    }),
    ...(sampled
      ? [
          col.accessor("majorityLabel", { header: t("triage.columns.majority"), cell: (i) => i.getValue() ?? "—" }),
          col.accessor("pError", {
            header: t("triage.columns.pError"),
            enableSorting: true,
            meta: { align: "end" },
            cell: (i) => (i.getValue() === null ? "—" : percent(i.getValue()!)),
          }),
          col.accessor("sampleOrder", { header: t("triage.columns.sampleOrder"), enableSorting: true, meta: { align: "end" } }),
        ]
      : []),
  ]);
}

export function TriageTable(
  props: TableParams & { rows: TriageTableRow[]; total: number; strata: { value: ModelStratum; count: number }[]; sampled: boolean },
) {
  const t = useTranslations("audits");
  const format = useFormatter();
  const { sampled } = props;
  // v9 wants stable column definitions: one per language and kind of list.
  const columns = useMemo(
    () => columnsFor(t, (x) => format.number(x, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }), sampled),
    [t, format, sampled],
  );
  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      sort={props.sort}
      search={props.search}
      defaultSort={{ id: "disagreement", desc: true }}
      defaultPageSize={50}
      filters={[
        {
          id: "stratum",
          label: t("triage.filterStratum"),
          options: props.strata.map((s) => ({ value: s.value, label: t(`modelGuided.strata.${s.value}`), count: s.count })),
          value: props.filters.stratum,
        },
      ]}
      getRowId={(r) => r.id}
      rowHref={(r) => r.href}
      rowTestId={() => "triage-row"}
      caption={t("triage.caption")}
      emptyMessage={t("triage.empty")}
      searchPlaceholder={t("triage.searchPlaceholder")}
    />
  );
}
