"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { setShareResultsAction, setStatusAction, withdrawResultsAccessAction } from "@/app/audits/actions";
import { Button } from "../ui/button";

interface Props {
  auditId: string;
  status: "DRAFT" | "OPEN" | "CLOSED";
  shareResults: boolean;
  /** A clinician adjudicator is set: they see every rater's ratings once the audit is closed. */
  hasAdjudicator: boolean;
}

/**
 * Open, close, reopen and share. A closed audit whose results clinicians can see is not reopened
 * (the server refuses it too): the organizer withdraws that access first, in one recorded step.
 */
export function StatusControls({ auditId, status, shareResults, hasAdjudicator }: Props) {
  const t = useTranslations("audits.statusControls");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const exposed = status === "CLOSED" && (shareResults || hasAdjudicator);
  const run = (action: "open" | "close") =>
    start(async () => {
      if (action === "close" && !window.confirm(t("confirmClose"))) return;
      const r = await setStatusAction({ auditId, action });
      setError(r.ok ? null : r.error);
    });
  const withdraw = () =>
    start(async () => {
      if (!window.confirm(t("confirmWithdraw"))) return;
      const r = await withdrawResultsAccessAction({ auditId });
      setError(r.ok ? null : r.error);
    });
  const who = [shareResults && t("whoShared"), hasAdjudicator && t("whoAdjudicator")].filter(Boolean).join(t("whoSeparator"));
  return (
    <div className="flex flex-wrap items-center gap-3">
      {status === "DRAFT" && <Button onClick={() => run("open")} disabled={pending}>{t("open")}</Button>}
      {status === "OPEN" && <Button variant="danger" onClick={() => run("close")} disabled={pending}>{t("close")}</Button>}
      {status === "CLOSED" && (
        <Button variant="secondary" onClick={() => run("open")} disabled={pending || exposed} aria-describedby={exposed ? "reopen-note" : undefined}>{t("reopen")}</Button>
      )}
      {status === "CLOSED" && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={shareResults}
            disabled={pending}
            onChange={(e) => start(async () => { const r = await setShareResultsAction({ auditId, share: e.target.checked }); setError(r.ok ? null : r.error); })}
          />
          {t("share")}
        </label>
      )}
      {exposed && (
        <>
          <p id="reopen-note" className="basis-full text-sm text-slate-600" data-testid="reopen-note">{t("withdrawNote", { who })}</p>
          <Button variant="secondary" onClick={withdraw} disabled={pending}>{t("withdrawAccess")}</Button>
        </>
      )}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
