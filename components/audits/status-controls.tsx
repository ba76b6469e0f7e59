"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { setShareResultsAction, setStatusAction } from "@/app/audits/actions";
import { Button } from "../ui/button";

export function StatusControls({ auditId, status, shareResults }: { auditId: string; status: "DRAFT" | "OPEN" | "CLOSED"; shareResults: boolean }) {
  const t = useTranslations("audits.statusControls");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = (action: "open" | "close") =>
    start(async () => {
      if (action === "close" && !window.confirm(t("confirmClose"))) return;
      const r = await setStatusAction({ auditId, action });
      setError(r.ok ? null : r.error);
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      {status === "DRAFT" && <Button onClick={() => run("open")} disabled={pending}>{t("open")}</Button>}
      {status === "OPEN" && <Button variant="danger" onClick={() => run("close")} disabled={pending}>{t("close")}</Button>}
      {status === "CLOSED" && <Button variant="secondary" onClick={() => run("open")} disabled={pending}>{t("reopen")}</Button>}
      {status === "CLOSED" && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={shareResults} disabled={pending} onChange={(e) => start(async () => { await setShareResultsAction({ auditId, share: e.target.checked }); })} />
          {t("share")}
        </label>
      )}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
