"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { revokeInvitationAction } from "@/app/admin/invitations/actions";
import { Button } from "../ui/button";

export function RevokeInvitationButton({ id, label }: { id: string; label: string }) {
  const t = useTranslations("admin.invitations");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="danger"
        size="sm"
        disabled={pending}
        aria-label={t("revokeOf", { who: label })}
        onClick={() => {
          if (!window.confirm(t("confirmRevoke", { who: label }))) return;
          start(async () => {
            const result = await revokeInvitationAction({ invitationId: id });
            setError(result.ok ? null : result.error);
          });
        }}
      >
        {t("revoke")}
      </Button>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
