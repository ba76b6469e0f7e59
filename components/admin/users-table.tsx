"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useMemo } from "react";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { createColumns } from "../data-table/columns";
import { DataTable } from "../data-table/data-table";
import type { TableParams } from "../data-table/search-params";
import { Badge } from "../ui/badge";
import { USERS_TABLE } from "./users-table-config";
import { UserActions } from "./user-actions";

export interface UserListRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  passwordMustChange: boolean;
}

type UsersT = ReturnType<typeof useTranslations<"admin.users">>;
type RolesT = ReturnType<typeof useTranslations<"common.roles">>;

const col = createColumns<UserListRow>();

function columnsFor(t: UsersT, roles: RolesT, currentUserId: string) {
  return col.columns([
    col.accessor("name", {
      header: t("columns.name"),
      enableSorting: true,
      cell: (i) => <span className="font-medium text-slate-900">{i.getValue()}</span>,
    }),
    col.accessor("email", {
      header: t("columns.email"),
      enableSorting: true,
      cell: (i) => <span className="text-slate-700">{i.getValue()}</span>,
    }),
    col.accessor("role", { header: t("columns.role"), enableSorting: true, cell: (i) => roles(i.getValue()) }),
    col.accessor("active", {
      header: t("columns.status"),
      enableSorting: true,
      cell: ({ row: { original: u } }) => (
        <span className="flex flex-wrap gap-1">
          {u.active ? <Badge tone="accent">{t("active")}</Badge> : <Badge tone="danger">{t("deactivated")}</Badge>}
          {u.passwordMustChange && (
            <Badge tone="warning" title={t("mustChangeHint")}>
              {t("mustChange")}
            </Badge>
          )}
        </span>
      ),
    }),
    col.display({
      id: "actions",
      header: t("columns.actions"),
      // One line of controls: a wrapped "Reset password" doubles every row's height.
      meta: { align: "end", className: "whitespace-nowrap" },
      cell: ({ row: { original: u } }) => <UserActions user={u} isSelf={u.id === currentUserId} />,
    }),
  ]);
}

/** Everyone who can sign in: sortable, searchable by name or email, filtered by role. */
export function UsersTable(props: TableParams & { rows: UserListRow[]; total: number; currentUserId: string }) {
  const t = useTranslations("admin.users");
  const roles = useTranslations("common.roles");
  // v9 wants stable column definitions: one per language and signed-in admin.
  const columns = useMemo(() => columnsFor(t, roles, props.currentUserId), [t, roles, props.currentUserId]);
  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      sort={props.sort}
      search={props.search}
      defaultSort={USERS_TABLE.defaultSort}
      defaultPageSize={USERS_TABLE.defaultSize}
      filters={[
        { id: "role", label: t("filterRole"), options: ROLES.map((r) => ({ value: r, label: roles(r) })), value: props.filters.role },
      ]}
      getRowId={(u) => u.id}
      rowTestId={(u) => `user-row-${u.email}`}
      caption={t("caption", { total: props.total })}
      emptyMessage={t("empty")}
      searchLabel={t("searchLabel")}
      searchPlaceholder={t("searchPlaceholder")}
    />
  );
}
