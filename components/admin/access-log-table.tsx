"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useMemo } from "react";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";

export interface AccessRow {
  id: string;
  at: string;
  user: string;
  action: string;
  patient: string | null;
  itemExternalId: string | null;
  detail: string | null;
  address: string | null;
}

type AccessT = ReturnType<typeof useTranslations<"admin.accessLog">>;

const col = createColumns<AccessRow>();

function columnsFor(t: AccessT) {
  return col.columns([
    col.accessor("at", { header: t("columns.at"), enableSorting: true, cell: (i) => i.getValue().slice(0, 19).replace("T", " ") }),
    col.accessor("user", { header: t("columns.user") }),
    col.accessor("action", {
      header: t("columns.action"),
      cell: (i) => {
        // Keys cannot hold dots (next-intl nests on them): "case.view" → "case_view".
        const key = `actions.${i.getValue().replace(/\./g, "_")}` as Parameters<AccessT>[0];
        return (
          <>
            <span className="font-mono text-xs">{i.getValue()}</span>
            {t.has(key) && <span className="block text-xs text-slate-600">{t(key)}</span>}
          </>
        );
      },
    }),
    col.accessor("patient", {
      header: t("columns.patient"),
      cell: (i) => i.getValue() ?? <span className="text-xs text-slate-500">{t("manyPatients")}</span>,
    }),
    col.accessor("itemExternalId", {
      header: t("columns.item"),
      cell: (i) => <span className="font-mono text-xs">{i.getValue() ?? i.row.original.detail ?? ""}</span>,
    }),
    col.accessor("address", {
      header: t("columns.address"),
      cell: (i) => <span className="font-mono text-xs">{i.getValue() ?? "—"}</span>,
    }),
  ]);
}

/** The access log, a page at a time from the server; the filters live in the form above it. */
export function AccessLogTable({ filters: _inTheForm, search: _none, ...paging }: TableParams & { rows: AccessRow[]; total: number }) {
  const t = useTranslations("admin.accessLog");
  // v9 wants stable column definitions: one per language.
  const columns = useMemo(() => columnsFor(t), [t]);
  return (
    <DataTable
      {...paging}
      columns={columns}
      defaultSort={{ id: "at", desc: true }}
      searchable={false}
      getRowId={(r) => r.id}
      caption={t("caption")}
      emptyMessage={t("empty")}
    />
  );
}
