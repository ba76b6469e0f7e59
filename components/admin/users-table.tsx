import { ROLE_LABELS } from "@/lib/auth/permissions";
import type { UserRow } from "@/lib/server/users/list-users";
import { Badge } from "../ui/badge";
import { UserActions } from "./user-actions";

export function UsersTable({ rows, total, currentUserId }: { rows: UserRow[]; total: number; currentUserId: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Users ({total})</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">Email</th>
            <th scope="col" className="px-4 py-3">Role</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((u) => (
            <tr key={u.id} data-testid={`user-row-${u.email}`}>
              <td className="px-4 py-3 font-medium text-slate-900">{u.name}</td>
              <td className="px-4 py-3 text-slate-700">{u.email}</td>
              <td className="px-4 py-3">{ROLE_LABELS[u.role]}</td>
              <td className="px-4 py-3">{u.active ? <Badge tone="accent">Active</Badge> : <Badge tone="danger">Deactivated</Badge>}</td>
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
