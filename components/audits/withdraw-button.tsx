"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { withdrawAction } from "@/app/audits/actions";
import { Button } from "../ui/button";

/** Withdraws a clinician: their assignments and ratings are kept (and audited) but leave the reports. */
export function WithdrawButton({ auditId, userId, name }: { auditId: string; userId: string; name: string }) {
  const t = useTranslations("audits.withdraw");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        disabled={pending}
        aria-label={t("label", { name })}
        onClick={() =>
          start(async () => {
            if (!window.confirm(t("confirm", { name }))) return;
            const r = await withdrawAction({ auditId, userId });
            setError(r.ok ? null : r.error);
          })
        }
      >
        {t("button")}
      </Button>
      {error && <span role="alert" className="text-xs text-red-700">{error}</span>}
    </>
  );
}
