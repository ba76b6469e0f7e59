"use client";
import { useTranslations } from "@/lib/i18n/client";
import { setShareResultsAction, setStatusAction, withdrawResultsAccessAction } from "@/lib/actions/audits";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { ConfirmDialog, Consequences, ProgressSummary, type StatusProgress } from "./status-dialog";

interface Props {
  auditId: string;
  status: "DRAFT" | "OPEN" | "CLOSED";
  shareResults: boolean;
  /** A clinician adjudicator is set: they see every rater's ratings once the audit is closed. */
  hasAdjudicator: boolean;
  progress: StatusProgress;
}

/**
 * Open, close, reopen and share. Closing and reopening are confirmed in a dialog that states the
 * progress and what the step does. A closed audit whose results clinicians can see is not reopened
 * (the server refuses it too): the organizer withdraws that access first, in one recorded step.
 */
export function StatusControls({ auditId, status, shareResults, hasAdjudicator, progress }: Props) {
  const t = useTranslations("audits.statusControls");
  const d = useTranslations("audits.statusDialog");
  const opening = useActionForm(setStatusAction);
  const sharing = useActionForm(setShareResultsAction);
  const pending = opening.pending || sharing.pending;
  const exposed = status === "CLOSED" && (shareResults || hasAdjudicator);
  const run = async (action: "open" | "close") => {
    const r = await setStatusAction({ auditId, action });
    return r.ok ? null : r.error;
  };
  const who = [shareResults && t("whoShared"), hasAdjudicator && t("whoAdjudicator")].filter(Boolean).join(t("whoSeparator"));
  return (
    <div className="flex flex-wrap items-center gap-3">
      {status === "DRAFT" && (
        <Button onClick={() => opening.submit({ auditId, action: "open" })} disabled={pending}>
          {t("open")}
        </Button>
      )}
      {status === "OPEN" && (
        <ConfirmDialog
          testId="close-dialog"
          trigger={t("close")}
          triggerVariant="danger"
          title={d("closeTitle")}
          confirm={d("closeConfirm")}
          confirmVariant="danger"
          cancel={d("closeCancel")}
          onConfirm={() => run("close")}
        >
          <ProgressSummary progress={progress} />
          <Consequences intro={d("closeIntro")} items={[d("closeLocks"), d("closeResults"), d("closeShare"), d("closeReopen")]} />
        </ConfirmDialog>
      )}
      {status === "CLOSED" && (
        <ConfirmDialog
          testId="reopen-dialog"
          trigger={t("reopen")}
          triggerVariant="secondary"
          disabled={exposed}
          describedBy={exposed ? "reopen-note" : undefined}
          title={d("reopenTitle")}
          confirm={d("reopenConfirm")}
          cancel={d("reopenCancel")}
          onConfirm={() => run("open")}
        >
          <ProgressSummary progress={progress} />
          <Consequences
            intro={d("reopenIntro")}
            items={[d("reopenUnlocks"), d("reopenProvisional"), d("reopenNoAccess"), d("reopenTrail")]}
          />
        </ConfirmDialog>
      )}
      {status === "CLOSED" && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={shareResults}
            disabled={pending}
            onChange={(e) => sharing.submit({ auditId, share: e.target.checked })}
          />
          {t("share")}
        </label>
      )}
      {exposed && (
        <>
          <p id="reopen-note" className="basis-full text-sm text-slate-600" data-testid="reopen-note">
            {t("withdrawNote", { who })}
          </p>
          <ConfirmDialog
            testId="withdraw-access-dialog"
            trigger={t("withdrawAccess")}
            triggerVariant="secondary"
            title={d("withdrawTitle")}
            confirm={d("withdrawConfirm")}
            cancel={d("withdrawCancel")}
            onConfirm={async () => {
              const r = await withdrawResultsAccessAction({ auditId });
              return r.ok ? null : r.error;
            }}
          >
            <Consequences
              intro={d("withdrawIntro", { who })}
              items={[
                ...(shareResults ? [d("withdrawSharing")] : []),
                ...(hasAdjudicator ? [d("withdrawAdjudicator")] : []),
                d("withdrawThenReopen"),
              ]}
            />
          </ConfirmDialog>
        </>
      )}
      <FormError>{opening.error ?? sharing.error}</FormError>
    </div>
  );
}
