"use client";
import { useTranslations } from "@/lib/i18n/client";
import { withdrawAction } from "@/lib/actions/audits";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

/** Withdraws a clinician: their assignments and ratings are kept (and audited) but leave the reports. */
export function WithdrawButton({ auditId, userId, name }: { auditId: string; userId: string; name: string }) {
  const t = useTranslations("audits.withdraw");
  const tc = useTranslations("common.actions");
  return (
    <ConfirmDialog
      testId="withdraw-dialog"
      trigger={
        <Button variant="ghost" size="sm" aria-label={t("label", { name })}>
          {t("button")}
        </Button>
      }
      title={t("title")}
      description={t("confirm", { name })}
      confirm={t("button")}
      confirmVariant="danger"
      cancel={tc("cancel")}
      onConfirm={async () => {
        const r = await withdrawAction({ auditId, userId });
        return r.ok ? null : r.error;
      }}
    />
  );
}
