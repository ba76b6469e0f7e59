"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";

export interface TrailRow { id: string; at: string; actor: string; action: string; entity: string; entityId: string; before: string; after: string }

type TrailT = ReturnType<typeof useTranslations<"admin.trail">>;

/** A readable name for a code of the trail ("user.create", "Assignment"); unknown codes stay as they are. */
function label(t: TrailT, group: "actions" | "entities", code: string): string | null {
  const key = `${group}.${code}` as Parameters<TrailT>[0];
  return t.has(key) ? t(key) : null;
}

const col = createColumns<TrailRow>();

function columnsFor(t: TrailT) {
  return col.columns([
    col.accessor("at", { header: t("columns.at"), enableSorting: true, cell: (i) => i.getValue().slice(0, 19).replace("T", " ") }),
    // The query names a missing actor "system" (the CSV export keeps that word).
    col.accessor("actor", { header: t("columns.actor"), cell: (i) => (i.getValue() === "system" ? t("system") : i.getValue()) }),
    col.accessor("action", {
      header: t("columns.action"),
      cell: (i) => {
        const description = label(t, "actions", i.getValue());
        return (
          <>
            <span className="font-mono text-xs">{i.getValue()}</span>
            {description && <span className="block text-xs text-slate-600">{description}</span>}
          </>
        );
      },
    }),
    col.accessor("entity", {
      header: t("columns.entity"),
      cell: (i) => <span>{label(t, "entities", i.getValue()) ?? i.getValue()} <span className="font-mono text-xs text-slate-500">{i.row.original.entityId}</span></span>,
    }),
    col.accessor("after", { header: t("columns.change"), cell: (i) => <span className="line-clamp-2 max-w-md break-all font-mono text-xs">{i.row.original.before ? `${i.row.original.before} → ` : ""}{i.getValue()}</span> }),
  ]);
}

export function TrailTable(props: TableParams & { rows: TrailRow[]; total: number; entities: { value: string; count: number }[] }) {
  const t = useTranslations("admin.trail");
  // v9 wants stable column definitions: one per language.
  const columns = useMemo(() => columnsFor(t), [t]);
  const entityOptions = props.entities.map((e) => ({ value: e.value, label: label(t, "entities", e.value) ?? e.value, count: e.count }));
  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      sort={props.sort}
      search={props.search}
      defaultSort={{ id: "at", desc: true }}
      filters={[{ id: "entity", label: t("filter"), options: entityOptions, value: props.filters.entity }]}
      getRowId={(r) => r.id}
      caption={t("caption")}
      emptyMessage={t("empty")}
      searchPlaceholder={t("searchPlaceholder")}
    />
  );
}
