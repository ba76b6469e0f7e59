"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button, type ButtonProps } from "../ui/button";

export interface StatusProgress {
  done: number;
  assigned: number;
  clinicians: { userId: string; label: string | null; name: string; done: number; assigned: number }[];
}

/** Reviews done, over all and per active clinician (their report label beside the name). */
export function ProgressSummary({ progress }: { progress: StatusProgress }) {
  const t = useTranslations("audits.statusDialog");
  const left = progress.assigned - progress.done;
  return (
    <div className="mt-4" data-testid="status-dialog-progress">
      <p className="text-sm font-medium text-slate-900">{t("progress", { done: progress.done, assigned: progress.assigned })}</p>
      {left > 0 && <p className="mt-1 text-sm text-amber-800">{t("notDone", { left })}</p>}
      {progress.clinicians.length > 0 && (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">{t("rater")}</th>
              <th scope="col" className="py-1 pr-3">{t("clinician")}</th>
              <th scope="col" className="py-1 text-right">{t("done")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {progress.clinicians.map((c) => (
              <tr key={c.userId}>
                <td className="py-1 pr-3 tabular-nums">{c.label}</td>
                <td className="py-1 pr-3">{c.name}</td>
                <td className={`py-1 text-right tabular-nums ${c.done < c.assigned ? "text-amber-800" : ""}`}>{t("ofAssigned", { done: c.done, assigned: c.assigned })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

interface ConfirmProps {
  trigger: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  title: string;
  children: ReactNode;
  confirm: string;
  confirmVariant?: ButtonProps["variant"];
  cancel: string;
  disabled?: boolean;
  /** Id of a note that says why the trigger is disabled. */
  describedBy?: string;
  testId: string;
  /** Runs the action; a returned message keeps the dialog open and shows it. */
  onConfirm: () => Promise<string | null>;
}

/** A button opening an explicit confirmation; the dialog stays until the action has answered. */
export function ConfirmDialog({ trigger, triggerVariant = "primary", title, children, confirm, confirmVariant = "primary", cancel, disabled, describedBy, testId, onConfirm }: ConfirmProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <AlertDialog open={open} onOpenChange={(o) => { if (!pending) { setOpen(o); setError(null); } }}>
      <AlertDialogTrigger asChild>
        <Button variant={triggerVariant} disabled={disabled} aria-describedby={describedBy}>{trigger}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid={testId}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {children}
        {error && <p role="alert" className="mt-4 text-sm text-red-700">{error}</p>}
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Button variant="secondary" disabled={pending}>{cancel}</Button>
          </AlertDialogCancel>
          <AlertDialogAction
            onClick={async (e) => {
              e.preventDefault();
              setPending(true);
              const message = await onConfirm();
              setPending(false);
              if (message === null) setOpen(false);
              else setError(message);
            }}
          >
            <Button variant={confirmVariant} disabled={pending}>{confirm}</Button>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The consequences, as a list under the dialog's description. */
export function Consequences({ intro, items }: { intro: string; items: string[] }) {
  return (
    <>
      <AlertDialogDescription className="mt-4">{intro}</AlertDialogDescription>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {items.map((x) => <li key={x}>{x}</li>)}
      </ul>
    </>
  );
}
