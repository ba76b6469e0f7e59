import { getFormatter, getTranslations } from "next-intl/server";
import type { InvitationRow, InvitationStatus } from "@/lib/server/users/invitations";
import { Badge } from "../ui/badge";
import { RevokeInvitationButton } from "./revoke-invitation-button";

const TONE: Record<InvitationStatus, "accent" | "neutral" | "warning" | "danger"> = { pending: "accent", accepted: "neutral", expired: "warning", revoked: "danger" };

/** Open invitations and those of the last 30 days; an open one can be revoked. */
export async function InvitationsTable({ rows }: { rows: InvitationRow[] }) {
  const [t, tc, format] = await Promise.all([getTranslations("admin.invitations"), getTranslations("common"), getFormatter()]);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">{t("empty")}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("caption", { total: rows.length })}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">{t("columns.for")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.role")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.status")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.created")}</th>
            <th scope="col" className="px-4 py-3">{t("columns.expires")}</th>
            <th scope="col" className="px-4 py-3 text-right">{t("columns.actions")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} data-testid={`invitation-row-${r.id}`}>
              <td className="px-4 py-3">
                <span className="font-medium text-slate-900">{r.name ?? r.email ?? t("anyone")}</span>
                {r.name && r.email && <span className="block text-xs text-slate-600">{r.email}</span>}
                {r.acceptedBy && <span className="block text-xs text-slate-600">{t("acceptedBy", { who: r.acceptedBy })}</span>}
              </td>
              <td className="px-4 py-3">{tc(`roles.${r.role}`)}</td>
              <td className="px-4 py-3"><Badge tone={TONE[r.status]}>{t(`status.${r.status}`)}</Badge></td>
              <td className="px-4 py-3 text-slate-700">{when(r.createdAt)}{r.createdBy && <span className="block text-xs text-slate-500">{r.createdBy}</span>}</td>
              <td className="px-4 py-3 text-slate-700">{when(r.expiresAt)}</td>
              <td className="px-4 py-3 text-right">{r.status === "pending" && <RevokeInvitationButton id={r.id} label={r.name ?? r.email ?? t("anyone")} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
