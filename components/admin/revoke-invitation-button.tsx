"use client";
import { useTranslations } from "@/lib/i18n/client";
import { revokeInvitationAction } from "@/lib/actions/invitations";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function RevokeInvitationButton({ id, label }: { id: string; label: string }) {
  const t = useTranslations("admin.invitations");
  const tc = useTranslations("common.actions");
  return (
    <ConfirmDialog
      testId="revoke-dialog"
      trigger={
        <Button variant="danger" size="sm" aria-label={t("revokeOf", { who: label })}>
          {t("revoke")}
        </Button>
      }
      title={t("revokeTitle")}
      description={t("confirmRevoke", { who: label })}
      confirm={t("revoke")}
      confirmVariant="danger"
      cancel={tc("cancel")}
      onConfirm={async () => {
        const result = await revokeInvitationAction({ invitationId: id });
        return result.ok ? null : result.error;
      }}
    />
  );
}
