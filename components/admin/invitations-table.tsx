import { getFormatter, getTranslations } from "@/lib/i18n/server";
import type { InvitationRow, InvitationStatus } from "@/lib/server/users/invitations";
import { Badge } from "../ui/badge";
import { RevokeInvitationButton } from "./revoke-invitation-button";
import { EmptyState } from "../ui/empty-state";
import { Table, TBody, THead, Td, Th } from "../ui/table";

const TONE: Record<InvitationStatus, "accent" | "neutral" | "warning" | "danger"> = {
  pending: "accent",
  accepted: "neutral",
  expired: "warning",
  revoked: "danger",
};

/** Open invitations and those of the last 30 days; an open one can be revoked. */
export async function InvitationsTable({ rows }: { rows: InvitationRow[] }) {
  const [t, tc, format] = await Promise.all([getTranslations("admin.invitations"), getTranslations("common"), getFormatter()]);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  if (rows.length === 0) return <EmptyState>{t("empty")}</EmptyState>;
  return (
    <Table caption={t("caption", { total: rows.length })}>
      <THead>
        <tr>
          <Th>{t("columns.for")}</Th>
          <Th>{t("columns.role")}</Th>
          <Th>{t("columns.status")}</Th>
          <Th>{t("columns.created")}</Th>
          <Th>{t("columns.expires")}</Th>
          <Th numeric>{t("columns.actions")}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={`invitation-row-${r.id}`}>
            <Td>
              <span className="font-medium text-slate-900">{r.name ?? r.email ?? t("anyone")}</span>
              {r.name && r.email && <span className="block text-xs text-slate-600">{r.email}</span>}
              {r.acceptedBy && <span className="block text-xs text-slate-600">{t("acceptedBy", { who: r.acceptedBy })}</span>}
            </Td>
            <Td>{tc(`roles.${r.role}`)}</Td>
            <Td>
              <Badge tone={TONE[r.status]}>{t(`status.${r.status}`)}</Badge>
            </Td>
            <Td className="text-slate-700">
              {when(r.createdAt)}
              {r.createdBy && <span className="block text-xs text-slate-500">{r.createdBy}</span>}
            </Td>
            <Td className="text-slate-700">{when(r.expiresAt)}</Td>
            <Td className="text-right">
              {r.status === "pending" && <RevokeInvitationButton id={r.id} label={r.name ?? r.email ?? t("anyone")} />}
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
