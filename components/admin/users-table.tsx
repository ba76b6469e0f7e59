import { getTranslations } from "next-intl/server";
import type { UserRow } from "@/lib/server/users/list-users";
import { Badge } from "../ui/badge";
import { UserActions } from "./user-actions";

export async function UsersTable({ rows, total, currentUserId }: { rows: UserRow[]; total: number; currentUserId: string }) {
  const [t, tc] = await Promise.all([getTranslations("admin.users"), getTranslations("common")]);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("caption", { total })}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">{t("columns.name")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.email")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.role")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.status")}</th>
            <th scope="col" className="px-4 py-3 text-right">{t("columns.actions")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((u) => (
            <tr key={u.id} data-testid={`user-row-${u.email}`}>
              <td className="px-4 py-3 font-medium text-slate-900">{u.name}</td>
              <td className="px-4 py-3 text-slate-700">{u.email}</td>
              <td className="px-4 py-3">{tc(`roles.${u.role}`)}</td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-1">
                  {u.active ? <Badge tone="accent">{t("active")}</Badge> : <Badge tone="danger">{t("deactivated")}</Badge>}
                  {u.passwordMustChange && <span title={t("mustChangeHint")}><Badge tone="warning">{t("mustChange")}</Badge></span>}
                </span>
              </td>
              <td className="px-4 py-3">
                <UserActions user={u} isSelf={u.id === currentUserId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
