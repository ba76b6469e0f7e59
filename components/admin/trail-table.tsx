"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useMemo } from "react";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";

import type { TrailSubject } from "@/lib/server/audit-trail-names";

export interface TrailRow {
  id: string;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  /** The record in names (null: it no longer exists, or a kind the trail does not name). */
  subject: TrailSubject | null;
  /** As stored, with ids. */
  before: string;
  after: string;
  /** With the ids it names replaced by names. */
  beforeText: string;
  afterText: string;
}

type TrailT = ReturnType<typeof useTranslations<"admin.trail">>;

/** A readable name for a code of the trail ("user.create", "Assignment"); unknown codes stay as they are. */
function label(t: TrailT, group: "actions" | "entities", code: string): string | null {
  const key = `${group}.${code}` as Parameters<TrailT>[0];
  return t.has(key) ? t(key) : null;
}

/** "Audit “Pilot” · item DP-0001 · Dr. Chen Li <c@x>" in the reader's language. */
function subjectText(t: TrailT, s: TrailSubject): string {
  const parts = [
    s.invitation && t("subject.invitation", { who: s.invitation }),
    s.dataset,
    s.predictionSet,
    s.audit && t("subject.audit", { name: s.audit }),
    s.item && t("subject.item", { id: s.item }),
    s.correction && t("subject.correction", { kind: s.correction }),
    s.user,
  ];
  return parts.filter(Boolean).join(" · ");
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
      cell: (i) => {
        const row = i.row.original;
        return (
          <span title={`${row.entity} ${row.entityId}`}>
            {label(t, "entities", row.entity) ?? row.entity}{" "}
            {row.subject ? (
              <span className="text-slate-800">{subjectText(t, row.subject)}</span>
            ) : (
              <span className="font-mono text-xs text-slate-500">{row.entityId}</span>
            )}
          </span>
        );
      },
    }),
    col.accessor("afterText", {
      header: t("columns.change"),
      cell: (i) => {
        const row = i.row.original;
        const raw = `${row.before ? `${row.before} → ` : ""}${row.after}`;
        const text = `${row.beforeText ? `${row.beforeText} → ` : ""}${row.afterText}`;
        return (
          <span className="line-clamp-2 max-w-md break-all font-mono text-xs" title={raw !== text ? raw : undefined}>
            {text}
          </span>
        );
      },
    }),
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
