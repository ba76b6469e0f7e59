"use client";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";

export interface TrailRow { id: string; at: string; actor: string; action: string; entity: string; entityId: string; before: string; after: string }

const col = createColumns<TrailRow>();
const columns = col.columns([
  col.accessor("at", { header: "When (UTC)", enableSorting: true, cell: (i) => i.getValue().slice(0, 19).replace("T", " ") }),
  col.accessor("actor", { header: "Who" }),
  col.accessor("action", { header: "Action", cell: (i) => <span className="font-mono text-xs">{i.getValue()}</span> }),
  col.accessor("entity", { header: "Record", cell: (i) => <span>{i.getValue()} <span className="font-mono text-xs text-slate-500">{i.row.original.entityId}</span></span> }),
  col.accessor("after", { header: "Change", cell: (i) => <span className="line-clamp-2 max-w-md break-all font-mono text-xs">{i.row.original.before ? `${i.row.original.before} → ` : ""}{i.getValue()}</span> }),
]);

export function TrailTable(props: TableParams & { rows: TrailRow[]; total: number; entities: { value: string; count: number }[] }) {
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
      filters={[{ id: "entity", label: "Record type", options: props.entities.map((e) => ({ value: e.value, label: `${e.value} (${e.count})` })), value: props.filters.entity }]}
      getRowId={(r) => r.id}
      caption="Audit trail"
      emptyMessage="No events match."
      searchPlaceholder="Search action, record id or email…"
    />
  );
}
